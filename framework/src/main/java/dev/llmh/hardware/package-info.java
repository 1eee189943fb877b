/**
 * Stage features: the serving hardware's memory, CPU, GPUs and energy over the measured phase,
 * its cost per token, and the physics check of the decode rate against the memory bandwidth.
 */
package dev.llmh.hardware;
