package dev.llmh.sim;

/**
 * How much the simulated server holds at once: requests, context, and prompts it has prefilled. Part
 * of {@link SimulatorSettings}; change it there with the {@code with...} methods.
 *
 * @param slots         requests generated in parallel; further requests queue FIFO for a slot
 * @param contextTokens the server's context, like Ollama's {@code num_ctx}: a longer prompt is
 *                      truncated silently to this many tokens, and counted (and prefilled) as
 *                      truncated; an Ollama request's {@code options.num_ctx} sets it for that
 *                      request, and {@code /api/show} reports it. {@link SimulatorSettings#UNLIMITED}
 *                      by default
 * @param prefixCache   a prompt that starts with the tokens of a prompt prefilled before prefills
 *                      only the rest (see {@link PrefixCache}), unless it sends
 *                      {@code cache_prompt: false}; off by default, so that a test sending the same
 *                      prompt twice sees the same prefill twice
 * @param kvCacheTokens the KV cache, in tokens, that the running requests' prompts and planned answers
 *                      fill ({@link EngineMetrics}); {@link SimulatorSettings#UNLIMITED} by default:
 *                      the slots' context (4,096 tokens a slot when the context is unlimited)
 */
public record ServerCapacity(int slots, int contextTokens, boolean prefixCache, int kvCacheTokens) {

  public ServerCapacity {
    SimulatorSettings.requireAtLeast("slots", slots, 1);
    SimulatorSettings.requireAtLeast("contextTokens", contextTokens, 1);
    SimulatorSettings.requireAtLeast("kvCacheTokens", kvCacheTokens, 1);
  }

  /** The KV cache's size in tokens, as the engine's metrics count it. */
  long kvCache() {
    if (kvCacheTokens != SimulatorSettings.UNLIMITED) {
      return kvCacheTokens;
    }
    return (long) slots * (contextTokens == SimulatorSettings.UNLIMITED ? EngineMetrics.DEFAULT_SLOT_TOKENS : contextTokens);
  }
}
