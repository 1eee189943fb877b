/**
 * Stage features: what the server said of its own timing, per request — its time to the first token,
 * the client's overhead beyond it, the prompt tokens it took from its cache — and the record's
 * {@code server_timing}.
 */
package dev.llmh.servertime;
