/**
 * A feature: where an Ollama server holds the model a case measures — how much of it in GPU memory,
 * from its {@code GET /api/ps} as the measured phase begins and as it ends — and the warning when
 * layers are still on the CPU.
 */
package dev.llmh.residency;
