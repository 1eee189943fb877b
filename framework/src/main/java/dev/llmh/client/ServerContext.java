package dev.llmh.client;

/**
 * The context length a server uses for a model, and where that was read.
 *
 * @param tokens the context in tokens: a longer prompt is truncated (Ollama) or refused
 * @param source where it comes from, e.g. {@code option num_ctx} or {@code /api/show parameters num_ctx}
 */
public record ServerContext(int tokens, String source) {}
