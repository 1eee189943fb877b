package dev.llmh.sim;

/**
 * What the simulated model answers: how long, in what pieces, and how much of it is reasoning. Part
 * of {@link SimulatorSettings}; change it there with the {@code with...} methods.
 *
 * @param tokensPerChunk   output tokens per content chunk (the last chunk may carry fewer)
 * @param naturalLength    tokens the model "wants" to produce before stopping by itself
 *                         ({@link SimulatorSettings#UNLIMITED} = until max_tokens)
 * @param defaultMaxTokens the limit used when a request gives no max_tokens (like a server's n_predict)
 * @param reasoningTokens  the first this-many output tokens are reasoning, sent in the reasoning
 *                         channel ({@code delta.reasoning_content}; Ollama {@code thinking}), then
 *                         the answer; a response whose budget is at most this is reasoning only.
 *                         Chunks never mix the two. {@code /v1/completions} has no such channel
 *                         and sends everything as text.
 */
public record OutputShape(int tokensPerChunk, int naturalLength, int defaultMaxTokens, int reasoningTokens) {

  public OutputShape {
    SimulatorSettings.requireAtLeast("tokensPerChunk", tokensPerChunk, 1);
    SimulatorSettings.requireAtLeast("naturalLength", naturalLength, 0);
    SimulatorSettings.requireAtLeast("reasoningTokens", reasoningTokens, 0);
    SimulatorSettings.requireAtLeast("defaultMaxTokens", defaultMaxTokens, 1);
  }
}
