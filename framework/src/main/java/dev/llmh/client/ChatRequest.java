package dev.llmh.client;

/**
 * One chat completion request as the harness sends it.
 *
 * @param model the model to ask for, or null to let the server choose (embedded server only)
 * @param prompt the user message, unique marker already applied
 * @param disablePromptCache send {@code cache_prompt: false}, for servers that take it (llama.cpp)
 * @param caseDeadlineNanos the {@link System#nanoTime()} at which the case's time is up and the
 *     request is cancelled if still running, or {@link #NO_DEADLINE}
 * @param system the system prompt, or null for none: each protocol sends it its own way (see
 *     {@code HttpProtocolClient.startBody})
 * @param keepPromptCache send {@code cache_prompt: true}, for servers that take it: the prefix is
 *     meant to be served from the cache ({@code @PromptCache(SHARED)})
 */
public record ChatRequest(
    String model, String prompt, int maxTokens, double temperature, long seed, boolean disablePromptCache,
    long caseDeadlineNanos, String system, boolean keepPromptCache) {

  public ChatRequest {
    if (disablePromptCache && keepPromptCache) {
      throw new IllegalArgumentException("cache_prompt cannot be both disabled and kept");
    }
  }

  public ChatRequest(
      String model, String prompt, int maxTokens, double temperature, long seed, boolean disablePromptCache,
      long caseDeadlineNanos) {
    this(model, prompt, maxTokens, temperature, seed, disablePromptCache, caseDeadlineNanos, null, false);
  }

  /** No case deadline: only the request's own timeouts apply. */
  public static final long NO_DEADLINE = Long.MIN_VALUE;

  public ChatRequest(String model, String prompt, int maxTokens, double temperature, long seed, boolean disablePromptCache) {
    this(model, prompt, maxTokens, temperature, seed, disablePromptCache, NO_DEADLINE);
  }
}
