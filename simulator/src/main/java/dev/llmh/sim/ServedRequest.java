package dev.llmh.sim;

import dev.llmh.front.Message;
import java.util.List;

/**
 * The server-side truth about one chat-completion request the simulator accepted and finished
 * (successfully or because the client went away): what was asked, when each step happened, and what
 * was sent. All timestamps are {@link System#nanoTime()} values of the simulator's JVM, so tests in
 * the same JVM can compare them with their own.
 *
 * @param requestNumber 1-based number of the request since the server started
 * @param request       what the request asked for, and over which connection
 * @param times         when it arrived, got its slot, had each chunk sent and was finished
 * @param outcome       what was counted and sent, and how it ended
 */
public record ServedRequest(long requestNumber, Request request, Times times, Outcome outcome) {

  /**
   * What a served request asked for.
   *
   * @param requestedModel the {@code model} the request named (may be null); the response always names the server's own
   * @param path           the path served ({@code /v1/chat/completions}, {@code /v1/completions},
   *                       {@code /api/chat}, {@code /api/generate})
   * @param streamed       whether the response was streamed (SSE)
   * @param clientPort     the client's port: one per connection, so two requests with the same
   *                       port came over the same (kept-alive) connection
   * @param messages       the chat messages the request sent, in order (a conversation's history, then
   *                       its new user message); empty for a protocol that takes one prompt
   */
  public record Request(String requestedModel, String path, boolean streamed, int clientPort, List<Message> messages) {
    public Request {
      messages = messages == null ? List.of() : List.copyOf(messages);
    }
  }

  /**
   * When a served request went through each step, as {@link System#nanoTime()}.
   *
   * @param arrivalNanos      when the request's handler started (before the body was read)
   * @param slotAcquiredNanos when the request got its slot (queueing time = this − arrival)
   * @param contentChunkNanos for a streamed response, when each content chunk that was delivered was
   *                          sent: taken just before its write, which is flushed at once, so a client
   *                          reads chunk k strictly after {@code contentChunkNanos.get(k)}; in order;
   *                          empty for a non-streamed response
   * @param finishedNanos     when the last byte of the response was flushed (or the failed write)
   */
  public record Times(long arrivalNanos, long slotAcquiredNanos, List<Long> contentChunkNanos, long finishedNanos) {
    public Times {
      contentChunkNanos = List.copyOf(contentChunkNanos);
    }
  }

  /**
   * What a served request was counted and sent, and how it ended.
   *
   * @param promptTokens       prompt tokens by {@link SimTokenizer}
   * @param cachedPromptTokens prompt tokens served from the prefix cache, not prefilled (0 without
   *                           {@link ServerCapacity#prefixCache()})
   * @param completionTokens   output tokens actually sent (fewer than planned if the client disconnected)
   * @param reasoningChunks    how many of the first {@link Times#contentChunkNanos()} carried reasoning
   *                           only (reasoning chunks all come before answer chunks)
   * @param finishReason       {@code "stop"} or {@code "length"} (the planned reason, even if disconnected)
   * @param clientDisconnected whether a write failed because the client went away
   */
  public record Outcome(
      int promptTokens, int cachedPromptTokens, int completionTokens, int reasoningChunks, String finishReason,
      boolean clientDisconnected) {}

  /** When the first answer (non-reasoning) chunk was sent, or null when none was. */
  public Long firstAnswerNanos() {
    List<Long> chunks = times.contentChunkNanos();
    return outcome.reasoningChunks() < chunks.size() ? chunks.get(outcome.reasoningChunks()) : null;
  }

  /** Nanoseconds spent waiting for a slot. */
  public long queueNanos() {
    return times.slotAcquiredNanos() - times.arrivalNanos();
  }
}
