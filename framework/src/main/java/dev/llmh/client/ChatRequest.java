package dev.llmh.client;

/**
 * One chat completion request as the harness sends it.
 *
 * @param model the model to ask for, or null to let the server choose (embedded server only)
 * @param prompt the user message, unique marker already applied
 * @param disablePromptCache send {@code cache_prompt: false}, for servers that take it (llama.cpp)
 */
public record ChatRequest(
    String model, String prompt, int maxTokens, double temperature, long seed, boolean disablePromptCache) {}
