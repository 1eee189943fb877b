package dev.llmh.sim;

/**
 * How the body of a streamed answer is delimited on the wire. Whatever the framing, every event
 * (an SSE event, an NDJSON line) is its own write, flushed at once: the last text chunk and the
 * terminator ({@code [DONE]}, Ollama's {@code "done": true} line) are two writes, the second right
 * after the first, as Ollama and vLLM send them.
 */
public enum StreamFraming {
  /** {@code Transfer-Encoding: chunked}, the connection kept alive: what the JDK server does by default. */
  CHUNKED,
  /**
   * {@code Content-Length}, announced before the first event: the server works out every event in
   * advance, padding Ollama's last line (whose durations are only known at its end) with trailing
   * spaces to the width of the longest durations. A {@link SimulatorHook} that changes an event's
   * length breaks the announced length, and the response fails as a short or long body would.
   */
  CONTENT_LENGTH,
  /**
   * No length and no chunks, {@code Connection: close}: the body ends when the server closes the
   * connection, as an HTTP/1.0 server (or a Python {@code http.server}) streams. Every route of
   * such a server answers this way, one request per connection.
   */
  CLOSE,
  /**
   * As {@link #CLOSE}, but the connection is closed only {@link #LINGER} after the stream's last
   * event, as by a server that flushes its final line and keeps the socket a while: a client that
   * waited for the close rather than ending at the stream's own terminator would wait that long.
   */
  CLOSE_LINGERING;

  /** How long {@link #CLOSE_LINGERING} keeps the connection open after the body's last byte. */
  public static final java.time.Duration LINGER = java.time.Duration.ofSeconds(3);

  /** True when the body runs to the connection's close. */
  public boolean closeDelimited() {
    return this == CLOSE || this == CLOSE_LINGERING;
  }
}
