package dev.llmh.client;

/**
 * One chat completion request as the harness sends it.
 *
 * @param model the model to ask for, or null to let the server choose (embedded server only)
 * @param prompt the user message, unique marker already applied; null on a conversation's turn that
 *     carries a tool's result back (the last message of its history), which sends no user message
 * @param cachePrompt {@code cache_prompt} to send, for servers that take it (llama.cpp): false to
 *     defeat the prefix cache, true to use it ({@code @PromptCache(SHARED)}), null to send none
 * @param caseDeadlineNanos the {@link System#nanoTime()} at which the case's time is up and the
 *     request is cancelled if still running, or {@link #NO_DEADLINE}
 * @param options server options ({@code @Endpoint(options)}), sent as each protocol expects; empty when none
 * @param history a conversation's earlier turns, user and assistant messages in order, sent before
 *     {@code prompt}; empty on a conversation's first turn. Null for a request that is no conversation's
 *     turn: only a turn's answer text is kept in its sample ({@link dev.llmh.measure.RequestSample#answer()}),
 *     for the next turn's history
 * @param system the system prompt, or null for none: each protocol sends it its own way (see
 *     {@code HttpProtocolClient.startBody}), before a conversation's history
 * @param tools the {@code @Tools} offered, sent as {@code tools} by the chat protocols; null for none
 * @param responseFormat constrained output ({@code @ResponseFormat}), sent as OpenAI's {@code response_format}
 *     or Ollama's {@code format}; null for none
 */
public record ChatRequest(
    String model, String prompt, int maxTokens, double temperature, long seed, Boolean cachePrompt,
    long caseDeadlineNanos, java.util.Map<String, Object> options, java.util.List<ChatMessage> history, String system,
    ToolDefinitions tools, JsonOutput responseFormat) {

  /** No case deadline: only the request's own timeouts apply. */
  public static final long NO_DEADLINE = Long.MIN_VALUE;

  public ChatRequest {
    options = options == null ? java.util.Map.of() : options;
    history = history == null ? null : java.util.List.copyOf(history);
  }

  /** True for a conversation's turn, which sends the history before its message. */
  public boolean conversation() {
    return history != null;
  }
}
