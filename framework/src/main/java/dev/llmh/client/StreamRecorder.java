package dev.llmh.client;

import dev.llmh.client.wire.HttpPhases;
import dev.llmh.measure.RequestSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * One request's stream as it arrives, whatever the protocol: each protocol's parser tells it what a
 * chunk carried, and it keeps the timestamps, watches the deadlines and assembles the sample. Its
 * chunks arrive on the event loop that read them, each stamped before it was decoded; {@link #finish}
 * runs on the sending thread.
 */
final class StreamRecorder {
  /** {@code t0}: when the call began, until {@link #networkStarted} says when it reached the network. */
  long startNanos;
  final RequestWatch watch;
  private final int maxTokens;
  private final List<Long> textChunks = new ArrayList<>();
  private Long firstAnswer;
  private int reasoningChunks;
  /** Cumulative usage.completion_tokens seen on each text chunk (vLLM's continuous usage), or null. */
  private final List<Integer> cumulativeTokens = new ArrayList<>();
  /** Sorted so that the record reads the same every run. */
  private final Map<String, Double> timings = new TreeMap<>();
  private long textBytes;
  /**
   * What a model writes around a call's name and arguments and the stream leaves out, Hermes'
   * {@code <tool_call>\n{"name": "", "arguments": }\n</tool_call>}: bytes the server's token count
   * covers, so that a call's usage is not taken for implausible.
   */
  static final int TOOL_CALL_MARKUP_BYTES = 52;
  private boolean replacementCharacters;
  Integer promptTokens;
  Integer outputTokens;
  Integer reasoningTokens;
  String finishReason;
  String retryAfter;
  private String servedModel;
  private String error;
  private boolean done;
  /**
   * The whole answer and reasoning texts, for every request: checks read the whole answer, and a
   * conversation's next turn sends it back. Only the record is bounded ({@code llmh.record.textChars}),
   * after the request. {@link #chunk} runs on the event loop's reader thread, between a read's
   * timestamp and the next read of every stream, so all it does with a chunk's text is append it: no
   * allocation but the builder's own growth, which doubles and so copies each character about once
   * more; cutting, copying out and redacting wait for {@link #finish}, off that thread.
   */
  private final StringBuilder answerText = new StringBuilder(TEXT_CAPACITY);
  private final StringBuilder reasoningText = new StringBuilder();
  /** The answer's tool calls, made only when a chunk carries one. */
  private ToolCallAssembly toolCalls;

  /** Some 64 tokens' worth: a short answer never grows the builder; reasoning is rarer and starts empty. */
  private static final int TEXT_CAPACITY = 256;

  StreamRecorder(long startNanos, RequestWatch watch, int maxTokens) {
    this.startNanos = startNanos;
    this.watch = watch;
    this.maxTokens = maxTokens;
  }

  private HttpPhases http;

  /** The request's {@code t0} is when it started using the network, and its time went there as {@code phases} say. */
  void networkStarted(long nanos, HttpPhases phases) {
    startNanos = nanos;
    http = phases;
  }

  /** True once the stream ended or failed: nothing more is read. */
  boolean over() {
    return done || error != null;
  }

  boolean done() {
    return done;
  }

  boolean sawText() {
    return !textChunks.isEmpty();
  }

  /** The stream's terminator arrived. */
  void end() {
    done = true;
  }

  /** The first reason wins: what went wrong first is what the record says. */
  void fail(String reason) {
    if (error == null) {
      error = reason;
    }
  }

  void model(String model) {
    if (servedModel == null && model != null) {
      servedModel = model;
    }
  }

  /** What the server measured itself, in ms; a later report of the same figure wins. */
  void timing(String key, double ms) {
    timings.put(key, ms);
  }

  /**
   * A chunk arrived at {@code now}; it counts when it carried generated text.
   *
   * @param answer the answer text it carried, or null
   * @param reasoning the reasoning text it carried, or null
   * @param cumulative the server's running count of output tokens on this chunk, or null
   */
  void chunk(long now, String answer, String reasoning, Integer cumulative) {
    chunk(now, answer, reasoning, cumulative, null);
  }

  /**
   * As {@link #chunk(long, String, String, Integer)}, the chunk also carrying pieces of tool calls
   * ({@code tools}, null when none): a name or argument text is generated output, timed and counted as
   * answer text is, and each piece joins its call.
   */
  void chunk(long now, String answer, String reasoning, Integer cumulative, java.util.List<ToolDelta> tools) {
    boolean isAnswer = answer != null && !answer.isEmpty();
    boolean isReasoning = reasoning != null && !reasoning.isEmpty();
    boolean isTool = tools != null && ToolDelta.generated(tools);
    if (tools != null && !over()) {
      if (toolCalls == null) {
        toolCalls = new ToolCallAssembly();
      }
      for (int i = 0; i < tools.size(); i++) {
        toolCalls.add(tools.get(i));
        ToolDelta d = tools.get(i);
        boolean opensCall = d.name() != null && !d.name().isEmpty();
        textBytes += utf8Length(d.name()) + utf8Length(d.arguments()) + (opensCall ? TOOL_CALL_MARKUP_BYTES : 0);
      }
    }
    if (!isAnswer && !isReasoning && !isTool) {
      return;
    }
    if (!watch.textArrived()) {
      fail(watch.reason()); // it came after a deadline, and the call is being cancelled
      return;
    }
    textChunks.add(now);
    if ((isAnswer || isTool) && firstAnswer == null) {
      firstAnswer = now;
    }
    if (isAnswer) {
      answerText.append(answer);
    }
    if (isReasoning) {
      reasoningText.append(reasoning);
    }
    if (!isAnswer && !isTool) {
      reasoningChunks++;
    }
    cumulativeTokens.add(cumulative);
    textBytes += utf8Length(answer) + utf8Length(reasoning);
    replacementCharacters |= (isAnswer && answer.indexOf('\uFFFD') >= 0) || (isReasoning && reasoning.indexOf('\uFFFD') >= 0);
  }

  /**
   * The sample, ended at {@code end}, with {@code missingEnd} as its error when the stream stopped
   * without its terminator, and every server-supplied text passed through {@code redact}.
   */
  RequestSample finish(String missingEnd, UnaryOperator<String> redact, long end) {
    if (error == null && !done) {
      error = missingEnd;
    }
    Integer hidden = reasoningTokens != null && reasoningChunks == 0 && reasoningTokens > 0 ? reasoningTokens : null;
    return new RequestSample(
        new RequestSample.Timing(startNanos, textChunks, end, firstAnswer, reasoningChunks, null, http),
        new RequestSample.Tokens(promptTokens, outputTokens, chunkTokens(cumulativeTokens), maxTokens, textBytes, hidden),
        new RequestSample.Text(answerText.toString(), reasoningText.length() == 0 ? null : reasoningText.toString(),
            replacementCharacters, toolCalls == null ? List.of() : toolCalls.calls()),
        new RequestSample.Server(finishReason, servedModel, timings, retryAfter), error, null).redacted(redact);
  }

  /**
   * Tokens per text chunk from cumulative counts seen on every text chunk; empty unless every text
   * chunk carried one (a count missing anywhere leaves the split unknown).
   */
  static List<Integer> chunkTokens(List<Integer> cumulative) {
    List<Integer> perChunk = new ArrayList<>(cumulative.size());
    int previous = 0;
    for (Integer total : cumulative) {
      if (total == null || total < previous) {
        return List.of();
      }
      perChunk.add(total - previous);
      previous = total;
    }
    return perChunk;
  }

  private static long utf8Length(String text) {
    if (text == null) {
      return 0;
    }
    long bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes++;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }
}
