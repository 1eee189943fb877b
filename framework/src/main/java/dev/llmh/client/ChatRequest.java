package dev.llmh.client;

import java.util.List;
import java.util.Map;

/**
 * One chat completion request as the harness sends it. Build one with {@link #builder}.
 *
 * @param model the model to ask for, or null to let the server choose (embedded server only)
 * @param messages what the request says
 * @param sampling how the answer is to be generated
 * @param tooling what the answer may call and the form it must take
 * @param caseDeadlineNanos the {@link System#nanoTime()} at which the case's time is up and the
 *     request is cancelled if still running, or {@link #NO_DEADLINE}
 */
public record ChatRequest(String model, Messages messages, Sampling sampling, Tooling tooling, long caseDeadlineNanos) {

  /** No case deadline: only the request's own timeouts apply. */
  public static final long NO_DEADLINE = Long.MIN_VALUE;

  /**
   * @param system the system prompt, or null for none: each protocol sends it its own way (see
   *     {@code HttpProtocolClient.startBody}), before a conversation's history
   * @param history a conversation's earlier turns, user and assistant messages in order, sent before
   *     {@code prompt}; empty on a conversation's first turn. Null for a request that is no conversation's
   *     turn: only a turn's answer text is kept in its sample ({@link dev.llmh.measure.RequestSample.Text#answer()}),
   *     for the next turn's history
   * @param prompt the user message, unique marker already applied; null on a conversation's turn that
   *     carries a tool's result back (the last message of its history), which sends no user message
   */
  public record Messages(String system, List<ChatMessage> history, String prompt) {
    public Messages {
      history = history == null ? null : List.copyOf(history);
    }
  }

  /**
   * @param cachePrompt {@code cache_prompt} to send, for servers that take it (llama.cpp): false to
   *     defeat the prefix cache, true to use it ({@code @PromptCache(SHARED)}), null to send none
   * @param options server options ({@code @Endpoint(options)}), sent as each protocol expects; empty when none
   */
  public record Sampling(int maxTokens, double temperature, long seed, Boolean cachePrompt, Map<String, Object> options) {
    public Sampling {
      options = options == null ? Map.of() : options;
    }
  }

  /**
   * @param tools the {@code @Tools} offered, sent as {@code tools} by the chat protocols; null for none
   * @param responseFormat constrained output ({@code @ResponseFormat}), sent as OpenAI's {@code response_format}
   *     or Ollama's {@code format}; null for none
   */
  public record Tooling(ToolDefinitions tools, JsonOutput responseFormat) {}

  /** True for a conversation's turn, which sends the history before its message. */
  public boolean conversation() {
    return messages.history() != null;
  }

  /**
   * A request for {@code model} saying {@code prompt}, at most {@code maxTokens} long; what is not
   * set is none: temperature and seed 0, no system prompt, history, options, tools, format or deadline.
   */
  public static Builder builder(String model, String prompt, int maxTokens) {
    return new Builder(model, prompt, maxTokens);
  }

  /** A request built part by part. */
  public static final class Builder {
    private final String model;
    private final String prompt;
    private final int maxTokens;
    private double temperature;
    private long seed;
    private Boolean cachePrompt;
    private long caseDeadlineNanos = NO_DEADLINE;
    private Map<String, Object> options;
    private List<ChatMessage> history;
    private String system;
    private ToolDefinitions tools;
    private JsonOutput responseFormat;

    private Builder(String model, String prompt, int maxTokens) {
      this.model = model;
      this.prompt = prompt;
      this.maxTokens = maxTokens;
    }

    public Builder temperature(double v) { temperature = v; return this; }
    public Builder seed(long v) { seed = v; return this; }
    public Builder cachePrompt(Boolean v) { cachePrompt = v; return this; }
    public Builder caseDeadlineNanos(long v) { caseDeadlineNanos = v; return this; }
    public Builder options(Map<String, Object> v) { options = v; return this; }
    public Builder history(List<ChatMessage> v) { history = v; return this; }
    public Builder system(String v) { system = v; return this; }
    public Builder tools(ToolDefinitions v) { tools = v; return this; }
    public Builder responseFormat(JsonOutput v) { responseFormat = v; return this; }

    public ChatRequest build() {
      return new ChatRequest(model, new Messages(system, history, prompt),
          new Sampling(maxTokens, temperature, seed, cachePrompt, options), new Tooling(tools, responseFormat),
          caseDeadlineNanos);
    }
  }
}
