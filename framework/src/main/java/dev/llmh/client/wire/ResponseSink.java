package dev.llmh.client.wire;

/**
 * Where one response goes as its bytes arrive. Called on the event-loop thread only, one call at a
 * time, each with the {@link System#nanoTime()} taken right after the socket read that brought the
 * bytes — before any of them was decoded. Returning false stops reading: the connection is closed
 * and the exchange ends without a failure of its own (the sink knows why it stopped).
 */
public interface ResponseSink {

  /** The status line and headers arrived. */
  boolean head(ResponseHead head, long arrival);

  /** Bytes of the body, de-chunked, in order. */
  boolean body(byte[] bytes, int offset, int length, long arrival);

  /**
   * The body ended where its framing says — its {@code Content-Length} read, its last chunk, or the
   * connection's close — at {@code arrival}; not called when it was cut or the sink stopped it.
   */
  default void end(long arrival) {}

  /**
   * True once the body's own protocol said it is over ({@code [DONE]}, Ollama's {@code done} line).
   * A body read to the connection's close then ends there: the close, which a server may send a
   * while after its final line, is no part of the answer.
   */
  default boolean ended() {
    return false;
  }
}
