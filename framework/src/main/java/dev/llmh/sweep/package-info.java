/**
 * Stage record: figures across a run's written cases, once every case is recorded: the prefill fits
 * over a prompt-length sweep and the saturation curve, knee and throughput bounds over a load sweep.
 */
package dev.llmh.sweep;
