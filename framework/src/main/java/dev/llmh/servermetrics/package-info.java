/**
 * Stage features: what the server says of itself at its Prometheus {@code /metrics} over the measured
 * phase — its KV cache, its queue, its preemptions, its prefix cache — and the record's
 * {@code server_metrics}.
 */
package dev.llmh.servermetrics;
