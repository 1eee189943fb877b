package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.llmh.client.wire.HttpPhases;
import dev.llmh.judge.SampleJudge;
import dev.llmh.measure.CheckOutcome;
import dev.llmh.measure.ToolCall;
import java.util.List;
import java.util.Map;

/**
 * One measured request. Times in ms: {@code start_ms} from the first measured send, the others
 * from this request's own send; {@code chunk_ms} is when each chunk carrying generated text
 * arrived (reasoning included); {@code ttfo_ms} the first answer chunk. {@code output_tokens} is
 * the server's count when it gave one, {@code chunk_count} what arrived: they differ when chunks
 * carried several tokens (flag {@code usage_chunk_mismatch}). {@code server_timings} are what the
 * server measured itself, in ms (llama.cpp {@code timings}; Ollama's durations as {@code load_ms},
 * {@code prompt_eval_ms}, {@code eval_ms}, {@code total_ms}). {@code http} is where the request's time went on the way, in ms
 * ({@code blocked, dns, connect, tls, sending, waiting, receiving}, {@code connection_reused},
 * {@code http_version}), absent when the client did not see it. {@code retry_after} is the
 * {@code Retry-After} header of a refused request (429, 503), as the server sent it. {@code turn}
 * is a conversation's turn (from 1) the request was, absent for a single request. {@code text} is
 * the answer text and {@code reasoning_text} the reasoning text (absent when none arrived), each
 * cut to its first {@code llmh.record.textChars} characters (flag {@code text_truncated} when
 * either was); {@code text} is null when the client kept none. {@code checks} is what each check
 * on every answer found, {@code [{name, passed, reason}]}, absent when none ran (no check
 * declared, or the request failed). {@code tool_calls} is the tool calls the answer made,
 * {@code [{name, arguments}]} with the arguments' text as streamed, absent when it made none.
 * {@code judge} is what {@code @Judge} made of the answer, {@code {label, score, rationale}} or
 * {@code {label, failure}}, absent when the case is not judged.
 */
public record SampleRecord(
    @JsonUnwrapped Times times,
    @JsonProperty("chunk_ms") List<Double> chunkMs,
    @JsonProperty("prompt_tokens") Integer promptTokens,
    @JsonProperty("output_tokens") Integer outputTokens,
    @JsonProperty("finish_reason") String finishReason,
    List<String> flags,
    String error,
    @JsonProperty("ttfo_ms") Double ttfoMs,
    @JsonProperty("chunk_count") Integer chunkCount,
    @JsonProperty("reasoning_chunks") Integer reasoningChunks,
    @JsonProperty("server_timings") Map<String, Double> serverTimings,
    @JsonProperty("retry_after") String retryAfter,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer turn,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("scheduled_ms") Double scheduledMs,
    @JsonUnwrapped Answer answer) {

  /** The request's times in ms, written at the top level of the sample: first token, per output token, end to end. */
  public record Times(
      @JsonProperty("start_ms") Double startMs,
      @JsonProperty("ttft_ms") Double ttftMs,
      @JsonProperty("tpot_ms") Double tpotMs,
      @JsonProperty("e2e_ms") Double e2eMs,
      @JsonProperty("end_ms") Double endMs,
      @JsonInclude(JsonInclude.Include.NON_NULL) HttpPhases http) {}

  /** What the answer said and what was made of it, written at the top level of the sample. */
  public record Answer(
      @JsonProperty("text") String text,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("reasoning_text") String reasoningText,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<CheckOutcome> checks,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("tool_calls") List<ToolCall> toolCalls,
      @JsonInclude(JsonInclude.Include.NON_NULL) SampleJudge judge) {}

  /** This sample with what the judge made of its answer. */
  public SampleRecord withJudge(SampleJudge j) {
    return toBuilder().judge(j).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.times = times;
    b.chunkMs = chunkMs;
    b.promptTokens = promptTokens;
    b.outputTokens = outputTokens;
    b.finishReason = finishReason;
    b.flags = flags;
    b.error = error;
    b.ttfoMs = ttfoMs;
    b.chunkCount = chunkCount;
    b.reasoningChunks = reasoningChunks;
    b.serverTimings = serverTimings;
    b.retryAfter = retryAfter;
    b.turn = turn;
    b.scheduledMs = scheduledMs;
    b.text = answer.text();
    b.reasoningText = answer.reasoningText();
    b.checks = answer.checks();
    b.toolCalls = answer.toolCalls();
    b.judge = answer.judge();
    return b;
  }

  /** A sample built field by field; what is not set is absent (null), flags and chunks empty. */
  public static final class Builder {
    private Times times = new Times(null, null, null, null, null, null);
    private List<Double> chunkMs = List.of();
    private Integer promptTokens;
    private Integer outputTokens;
    private String finishReason;
    private List<String> flags = List.of();
    private String error;
    private Double ttfoMs;
    private Integer chunkCount;
    private Integer reasoningChunks;
    private Map<String, Double> serverTimings;
    private String retryAfter;
    private Integer turn;
    private Double scheduledMs;
    private String text;
    private String reasoningText;
    private List<CheckOutcome> checks;
    private List<ToolCall> toolCalls;
    private SampleJudge judge;

    private Builder() {}

    /** The request's times from its own send, in ms: first token, per output token, end to end. */
    public Builder times(Double startMs, Double ttftMs, Double tpotMs, Double e2eMs, Double endMs) {
      this.times = new Times(startMs, ttftMs, tpotMs, e2eMs, endMs, times.http());
      return this;
    }

    /** Where the request's time went on the way. */
    public Builder http(HttpPhases v) {
      this.times = new Times(times.startMs(), times.ttftMs(), times.tpotMs(), times.e2eMs(), times.endMs(), v);
      return this;
    }

    public Builder chunkMs(List<Double> v) { chunkMs = v; return this; }
    public Builder tokens(Integer prompt, Integer output) { promptTokens = prompt; outputTokens = output; return this; }
    public Builder finishReason(String v) { finishReason = v; return this; }
    public Builder flags(List<String> v) { flags = v; return this; }
    public Builder error(String v) { error = v; return this; }
    public Builder ttfoMs(Double v) { ttfoMs = v; return this; }
    public Builder chunks(Integer count, Integer reasoning) { chunkCount = count; reasoningChunks = reasoning; return this; }
    public Builder serverTimings(Map<String, Double> v) { serverTimings = v; return this; }
    public Builder retryAfter(String v) { retryAfter = v; return this; }
    public Builder turn(Integer v) { turn = v; return this; }
    public Builder scheduledMs(Double v) { scheduledMs = v; return this; }
    public Builder text(String answer, String reasoning) { text = answer; reasoningText = reasoning; return this; }
    public Builder checks(List<CheckOutcome> v) { checks = v; return this; }
    public Builder toolCalls(List<ToolCall> v) { toolCalls = v; return this; }
    public Builder judge(SampleJudge v) { judge = v; return this; }

    public SampleRecord build() {
      return new SampleRecord(times, chunkMs, promptTokens, outputTokens, finishReason, flags, error, ttfoMs, chunkCount,
          reasoningChunks, serverTimings, retryAfter, turn, scheduledMs,
          new Answer(text, reasoningText, checks, toolCalls, judge));
    }
  }
}
