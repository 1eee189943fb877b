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
 */
public record ServerCapacity(int slots, int contextTokens, boolean prefixCache) {

  public ServerCapacity {
    SimulatorSettings.requireAtLeast("slots", slots, 1);
    SimulatorSettings.requireAtLeast("contextTokens", contextTokens, 1);
  }
}
