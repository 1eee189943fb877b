/**
 * Stage features: figures across a run's cases, as run features ({@link dev.llmh.feature.RunFeature}):
 * the saturation searches, which skip a load sweep's steps past its knee, and in the run's record the
 * prefill fits over a prompt-length sweep and the saturation curve, knee and throughput bounds.
 */
package dev.llmh.sweep;
