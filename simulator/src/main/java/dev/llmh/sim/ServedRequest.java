package dev.llmh.sim;

import dev.llmh.front.Message;
import java.util.List;

/**
 * The server-side truth about one chat-completion request the simulator accepted and finished
 * (successfully or because the client went away). All timestamps are {@link System#nanoTime()}
 * values of the simulator's JVM, so tests in the same JVM can compare them with their own.
 *
 * @param requestNumber      1-based number of the request since the server started
 * @param requestedModel     the {@code model} the request named (may be null); the response always names the server's own
 * @param streamed           whether the response was streamed (SSE)
 * @param arrivalNanos       when the request's handler started (before the body was read)
 * @param slotAcquiredNanos  when the request got its slot (queueing time = this − arrival)
 * @param contentChunkNanos  for a streamed response, when each content chunk that was delivered was
 *                           sent: taken just before its write, which is flushed at once, so a client
 *                           reads chunk k strictly after {@code contentChunkNanos.get(k)}; in order;
 *                           empty for a non-streamed response
 * @param finishedNanos      when the last byte of the response was flushed (or the failed write)
 * @param promptTokens       prompt tokens by {@link SimTokenizer}
 * @param completionTokens   output tokens actually sent (fewer than planned if the client disconnected)
 * @param finishReason       {@code "stop"} or {@code "length"} (the planned reason, even if disconnected)
 * @param clientDisconnected whether a write failed because the client went away
 * @param path               the path served ({@code /v1/chat/completions}, {@code /v1/completions},
 *                           {@code /api/chat}, {@code /api/generate})
 * @param reasoningChunks    how many of the first {@code contentChunkNanos} carried reasoning only
 *                           (reasoning chunks all come before answer chunks)
 * @param clientPort         the client's port: one per connection, so two requests with the same
 *                           port came over the same (kept-alive) connection
 * @param messages           the chat messages the request sent, in order (a conversation's history, then
 *                           its new user message); empty for a protocol that takes one prompt
 * @param cachedPromptTokens prompt tokens served from the prefix cache, not prefilled (0 without
 *                           {@link ServerCapacity#prefixCache()})
 */
public record ServedRequest(
    long requestNumber,
    String requestedModel,
    boolean streamed,
    long arrivalNanos,
    long slotAcquiredNanos,
    List<Long> contentChunkNanos,
    long finishedNanos,
    int promptTokens,
    int completionTokens,
    String finishReason,
    boolean clientDisconnected,
    String path,
    int reasoningChunks,
    int clientPort,
    List<Message> messages,
    int cachedPromptTokens) {

  public ServedRequest {
    contentChunkNanos = List.copyOf(contentChunkNanos);
    messages = messages == null ? List.of() : List.copyOf(messages);
  }

  /** When the first answer (non-reasoning) chunk was sent, or null when none was. */
  public Long firstAnswerNanos() {
    return reasoningChunks < contentChunkNanos.size() ? contentChunkNanos.get(reasoningChunks) : null;
  }

  /** Nanoseconds spent waiting for a slot. */
  public long queueNanos() {
    return slotAcquiredNanos - arrivalNanos;
  }
}
