package dev.llmh.sim;

import java.util.Objects;

/**
 * How the simulated server shapes its answers on the wire, where real servers differ from each
 * other. Part of {@link SimulatorSettings}; change it there with the {@code with...} methods.
 *
 * @param roleChunkFirst     send a role-only chunk {@code {"role":"assistant","content":""}} as soon as
 *                           a streamed request is accepted, before queueing and prefill
 * @param usagePerChunk      every OpenAI text chunk carries cumulative {@code usage} (like vLLM's
 *                           {@code continuous_usage_stats}), so per-chunk token counts are known
 * @param sendsUsage         whether the OpenAI endpoints honour {@code stream_options.include_usage};
 *                           false imitates servers that never send usage (Ollama still sends eval_count)
 * @param chatTemplateTokens tokens a chat template adds per message (role markers, separators) to a
 *                           {@code messages} request's count, as real servers count them; 0 by default
 * @param framing            how a streamed answer's body is delimited ({@link StreamFraming}); chunked
 *                           by default
 * @param llamaTimings       the OpenAI endpoints' finish chunk carries llama.cpp's {@code timings} of the
 *                           prompt: {@code prompt_n} (tokens prefilled), {@code prompt_ms} (slot to first
 *                           token), {@code cache_n} (tokens from the prefix cache); not with a body sized ahead
 * @param cachedTokensInUsage the OpenAI usage carries {@code prompt_tokens_details.cached_tokens}, the prompt's
 *                           tokens taken from the prefix cache (OpenAI's API; vLLM with
 *                           {@code --enable-prompt-tokens-details}); not with a body sized ahead
 * @param metrics            {@code GET /metrics} gives the engine's own figures in vLLM's names ({@link EngineMetrics})
 */
public record ServerQuirks(
    boolean roleChunkFirst, boolean usagePerChunk, boolean sendsUsage, int chatTemplateTokens, StreamFraming framing,
    boolean llamaTimings, boolean cachedTokensInUsage, boolean metrics) {

  public ServerQuirks {
    SimulatorSettings.requireAtLeast("chatTemplateTokens", chatTemplateTokens, 0);
    Objects.requireNonNull(framing, "framing");
    if (llamaTimings && framing == StreamFraming.CONTENT_LENGTH) {
      throw new IllegalArgumentException("llama.cpp timings are known only at the end, after a body sized ahead");
    }
    if (cachedTokensInUsage && framing == StreamFraming.CONTENT_LENGTH) {
      throw new IllegalArgumentException("the cached tokens are known only once a slot took the request, after a body sized ahead");
    }
  }
}
