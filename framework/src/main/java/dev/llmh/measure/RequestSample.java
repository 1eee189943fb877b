package dev.llmh.measure;

import java.util.List;

/**
 * What the client observed of one request: monotonic timestamps ({@link System#nanoTime()}) and
 * what the server reported. Nothing here is derived; {@link RequestMetrics} derives.
 *
 * @param startNanos t0: when the request was handed to the network
 * @param textChunkNanos arrival of each chunk that carried generated text (answer or reasoning);
 *     role-only and empty chunks are not among them
 * @param endNanos when the response ended (stream terminator, error or cut-off)
 * @param promptTokens the server's {@code usage.prompt_tokens}, or null
 * @param usageOutputTokens the server's {@code usage.completion_tokens}, or null when not reported
 * @param servedModel the response's {@code model}: what the server says it ran
 * @param error why the request failed, or null when it succeeded
 */
public record RequestSample(
    long startNanos,
    List<Long> textChunkNanos,
    long endNanos,
    Integer promptTokens,
    Integer usageOutputTokens,
    String finishReason,
    String servedModel,
    String error) {

  public RequestSample {
    textChunkNanos = List.copyOf(textChunkNanos);
  }

  public boolean succeeded() {
    return error == null;
  }
}
