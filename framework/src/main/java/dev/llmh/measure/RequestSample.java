package dev.llmh.measure;

import dev.llmh.client.wire.HttpPhases;
import java.util.List;
import java.util.Map;

/**
 * What the client observed of one request: monotonic timestamps ({@link System#nanoTime()}) and
 * what the server reported. Nothing here is derived; {@link RequestMetrics} derives.
 *
 * @param timing when the request was sent and each part of its answer arrived
 * @param tokens the token counts the server reported and the bytes that bound them
 * @param text what the answer said
 * @param server what else the server said of the request
 * @param error why the request failed, or null when it succeeded
 * @param checks what the case's checks found of the answer, run after the request ended; null when
 *     none ran (no check declared, a failed request, a warm-up request)
 */
public record RequestSample(Timing timing, Tokens tokens, Text text, Server server, String error, List<CheckOutcome> checks) {

  /**
   * @param startNanos t0: when the request was handed to the network
   * @param textChunkNanos arrival of each chunk that carried generated text (answer or reasoning);
   *     role-only and empty chunks are not among them
   * @param endNanos when the response ended (stream terminator, error or cut-off)
   * @param firstAnswerNanos arrival of the first chunk carrying answer (non-reasoning) text, or null
   *     when none came
   * @param reasoningChunks how many of the text chunks carried only reasoning text
   * @param scheduledNanos when an open-loop schedule meant the request to be sent ({@link System#nanoTime()}),
   *     or null for a closed loop, which sends as soon as a worker is free
   * @param http where the request's time went on the way (connecting, sending, waiting for the head,
   *     receiving), or null when the client did not see it (no connection was had, or another client sent it)
   */
  public record Timing(
      long startNanos, List<Long> textChunkNanos, long endNanos, Long firstAnswerNanos, int reasoningChunks,
      Long scheduledNanos, HttpPhases http) {
    public Timing {
      textChunkNanos = List.copyOf(textChunkNanos);
    }
  }

  /**
   * @param promptTokens the server's {@code usage.prompt_tokens} (Ollama {@code prompt_eval_count}), or null
   * @param usageOutputTokens the server's {@code usage.completion_tokens} (Ollama {@code eval_count}),
   *     or null when not reported
   * @param chunkTokens tokens carried by each text chunk, in order, when the server said so per chunk
   *     (cumulative usage on every text chunk); empty when unknown
   * @param maxTokens the {@code max_tokens} the request asked for (0 when unknown)
   * @param textBytes UTF-8 bytes of generated text that arrived (answer, reasoning, and each tool call's
   *     name and arguments with the markup a model writes around them): every token carries at least
   *     one byte, so a count of tokens far above it cannot be true; -1 when not counted
   * @param hiddenReasoningTokens reasoning tokens the server counted but did not stream
   *     ({@code usage.completion_tokens_details.reasoning_tokens} with no reasoning chunk), or null
   */
  public record Tokens(
      Integer promptTokens, Integer usageOutputTokens, List<Integer> chunkTokens, int maxTokens, long textBytes,
      Integer hiddenReasoningTokens) {
    public Tokens {
      chunkTokens = chunkTokens == null ? List.of() : List.copyOf(chunkTokens);
    }
  }

  /**
   * @param answer the whole answer text that arrived ("" when none did), for every streamed request: a
   *     conversation's next turn sends it back, checks read it; the record keeps at most
   *     {@code llmh.record.textChars} of it. Null from a client that does not keep it
   * @param reasoning the whole reasoning text that arrived ({@code reasoning_content}, Ollama
   *     {@code thinking}), kept apart from the answer; null when none arrived
   * @param replacementCharacters true when the text held U+FFFD: bytes that were not valid UTF-8
   * @param toolCalls the tool calls the answer made, assembled from the stream in the order they began;
   *     empty when it made none
   */
  public record Text(String answer, String reasoning, boolean replacementCharacters, List<ToolCall> toolCalls) {
    public Text {
      toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    }
  }

  /**
   * @param finishReason the {@code finish_reason} the server gave, or null
   * @param servedModel the response's {@code model}: what the server says it ran
   * @param serverTimings what the server measured itself, in ms (llama.cpp {@code timings}, Ollama's
   *     durations converted from ns); empty when it sent none
   * @param retryAfter the {@code Retry-After} header of a refused request (429, 503), or null
   */
  public record Server(String finishReason, String servedModel, Map<String, Double> serverTimings, String retryAfter) {
    public Server {
      serverTimings = serverTimings == null ? Map.of()
          : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(serverTimings));
    }
  }

  /** This sample as sent by an open-loop schedule that meant it for {@code scheduled} ({@link System#nanoTime()}). */
  public RequestSample scheduledAt(long scheduled) {
    return toBuilder().scheduledNanos(scheduled).build();
  }

  /** This sample with what the case's checks found of its answer. */
  public RequestSample withChecks(List<CheckOutcome> found) {
    return toBuilder().checks(found).build();
  }

  public boolean succeeded() {
    return error == null;
  }

  /**
   * The same sample with every text the server could have put a secret in passed through {@code
   * redact}: a server may echo request headers into an error body or the {@code model} field.
   */
  public RequestSample redacted(java.util.function.UnaryOperator<String> redact) {
    java.util.function.UnaryOperator<String> r = text -> text == null ? null : redact.apply(text);
    Map<String, Double> timings = new java.util.LinkedHashMap<>();
    server.serverTimings().forEach((key, value) -> timings.put(r.apply(key), value));
    List<ToolCall> calls = text.toolCalls().stream().map(c -> new ToolCall(r.apply(c.name()), r.apply(c.arguments()))).toList();
    return new RequestSample(timing, tokens,
        new Text(r.apply(text.answer()), r.apply(text.reasoning()), text.replacementCharacters(), calls),
        new Server(r.apply(server.finishReason()), r.apply(server.servedModel()), timings, r.apply(server.retryAfter())),
        r.apply(error), checks == null ? null
            : checks.stream().map(c -> new CheckOutcome(c.name(), c.passed(), r.apply(c.reason()))).toList());
  }

  public static Builder builder(long startNanos, List<Long> textChunkNanos, long endNanos) {
    return new Builder(startNanos, textChunkNanos, endNanos);
  }

  public Builder toBuilder() {
    return new Builder(timing.startNanos(), timing.textChunkNanos(), timing.endNanos())
        .firstAnswerNanos(timing.firstAnswerNanos()).reasoningChunks(timing.reasoningChunks())
        .scheduledNanos(timing.scheduledNanos()).http(timing.http()).promptTokens(tokens.promptTokens())
        .usageOutputTokens(tokens.usageOutputTokens()).chunkTokens(tokens.chunkTokens()).maxTokens(tokens.maxTokens())
        .textBytes(tokens.textBytes()).hiddenReasoningTokens(tokens.hiddenReasoningTokens()).answer(text.answer())
        .reasoning(text.reasoning()).replacementCharacters(text.replacementCharacters()).toolCalls(text.toolCalls())
        .finishReason(server.finishReason()).servedModel(server.servedModel()).serverTimings(server.serverTimings())
        .retryAfter(server.retryAfter()).error(error).checks(checks);
  }

  /**
   * A sample built field by field; what is not set is unknown (null), none, or for {@code textBytes}
   * not counted (-1). The first answer chunk, when not set, is the first text chunk of a stream
   * without reasoning: a client that does not tell reasoning apart.
   */
  public static final class Builder {
    private final long startNanos;
    private final List<Long> textChunkNanos;
    private final long endNanos;
    private Integer promptTokens;
    private Integer usageOutputTokens;
    private String finishReason;
    private String servedModel;
    private String error;
    private Long firstAnswerNanos;
    private boolean firstAnswerSet;
    private int reasoningChunks;
    private List<Integer> chunkTokens;
    private Map<String, Double> serverTimings;
    private int maxTokens;
    private long textBytes = -1;
    private Integer hiddenReasoningTokens;
    private boolean replacementCharacters;
    private String retryAfter;
    private String answer;
    private String reasoning;
    private Long scheduledNanos;
    private HttpPhases http;
    private List<CheckOutcome> checks;
    private List<ToolCall> toolCalls;

    private Builder(long startNanos, List<Long> textChunkNanos, long endNanos) {
      this.startNanos = startNanos;
      this.textChunkNanos = textChunkNanos;
      this.endNanos = endNanos;
    }

    public Builder promptTokens(Integer v) { promptTokens = v; return this; }
    public Builder usageOutputTokens(Integer v) { usageOutputTokens = v; return this; }
    public Builder finishReason(String v) { finishReason = v; return this; }
    public Builder servedModel(String v) { servedModel = v; return this; }
    public Builder error(String v) { error = v; return this; }
    public Builder firstAnswerNanos(Long v) { firstAnswerNanos = v; firstAnswerSet = true; return this; }
    public Builder reasoningChunks(int v) { reasoningChunks = v; return this; }
    public Builder chunkTokens(List<Integer> v) { chunkTokens = v; return this; }
    public Builder serverTimings(Map<String, Double> v) { serverTimings = v; return this; }
    public Builder maxTokens(int v) { maxTokens = v; return this; }
    public Builder textBytes(long v) { textBytes = v; return this; }
    public Builder hiddenReasoningTokens(Integer v) { hiddenReasoningTokens = v; return this; }
    public Builder replacementCharacters(boolean v) { replacementCharacters = v; return this; }
    public Builder retryAfter(String v) { retryAfter = v; return this; }
    public Builder answer(String v) { answer = v; return this; }
    public Builder reasoning(String v) { reasoning = v; return this; }
    public Builder scheduledNanos(Long v) { scheduledNanos = v; return this; }
    public Builder http(HttpPhases v) { http = v; return this; }
    public Builder checks(List<CheckOutcome> v) { checks = v; return this; }
    public Builder toolCalls(List<ToolCall> v) { toolCalls = v; return this; }

    public RequestSample build() {
      Long firstAnswer = firstAnswerSet ? firstAnswerNanos
          : reasoningChunks == 0 && !textChunkNanos.isEmpty() ? textChunkNanos.get(0) : null;
      return new RequestSample(
          new Timing(startNanos, textChunkNanos, endNanos, firstAnswer, reasoningChunks, scheduledNanos, http),
          new Tokens(promptTokens, usageOutputTokens, chunkTokens, maxTokens, textBytes, hiddenReasoningTokens),
          new Text(answer, reasoning, replacementCharacters, toolCalls),
          new Server(finishReason, servedModel, serverTimings, retryAfter), error, checks);
    }
  }
}
