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
}
