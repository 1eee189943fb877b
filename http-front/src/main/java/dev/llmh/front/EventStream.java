package dev.llmh.front;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A streamed 200 answer, one event at a time: Server-Sent Events ({@code data: <payload>\n\n}, the
 * OpenAI APIs) or NDJSON ({@code <payload>\n}, Ollama's). Each event is one write, flushed at once,
 * so a client reads it when it is sent and a stream wrapped by a fault hook sees whole events.
 */
public final class EventStream {

  /** How events are framed on the wire. */
  public enum Framing {
    SSE("text/event-stream; charset=utf-8"),
    NDJSON("application/x-ndjson");

    private final String contentType;

    Framing(String contentType) {
      this.contentType = contentType;
    }

    private String frame(String payload) {
      return this == SSE ? "data: " + payload + "\n\n" : payload + "\n";
    }

    /** The bytes {@code payload} takes on the wire as one event. */
    public long frameLength(String payload) {
      return frame(payload).getBytes(StandardCharsets.UTF_8).length;
    }
  }

  private final Framing framing;
  private final OutputStream out;

  private EventStream(Framing framing, OutputStream out) {
    this.framing = framing;
    this.out = out;
  }

  /** Sends the 200 status and headers (chunked: the length is unknown) and returns the open stream. */
  public static EventStream open(HttpExchange exchange, Framing framing) throws IOException {
    return open(exchange, framing, 0);
  }

  /**
   * As {@link #open(HttpExchange, Framing)}, announcing {@code bodyLength} bytes as the
   * {@code Content-Length} when it is positive (0: chunked, or to the close for an HTTP/1.0 request).
   */
  public static EventStream open(HttpExchange exchange, Framing framing, long bodyLength) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", framing.contentType);
    exchange.getResponseHeaders().set("Cache-Control", "no-cache");
    exchange.sendResponseHeaders(200, bodyLength);
    return new EventStream(framing, exchange.getResponseBody());
  }

  /** Writes one event and flushes it; fails when the client is gone. */
  public void send(String payload) throws IOException {
    out.write(framing.frame(payload).getBytes(StandardCharsets.UTF_8));
    out.flush();
  }
}
