package dev.llmh.benchmarks.accuracy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads HTTP/1.1 requests off one kept-alive connection for {@link EventLoopServer}: request line,
 * headers, a {@code Content-Length} body (no chunked request bodies: the harness never sends one).
 * Remembers when the first byte of the current request was read, which is the request's arrival.
 */
final class HttpRequestReader {
  private final ByteBuffer in = ByteBuffer.allocate(64 * 1024);
  private long arrival = -1;
  private int headEnd = -1;
  private int length;
  private String method;
  private String target;

  /** Reads what is there; false when the peer closed the connection. */
  boolean readFrom(SocketChannel channel, long now) throws IOException {
    int before = in.position();
    int read = channel.read(in);
    if (read < 0) {
      return false;
    }
    if (before == 0 && read > 0) {
      arrival = now;
    }
    if (!in.hasRemaining()) {
      throw new IOException("request larger than " + in.capacity() + " bytes");
    }
    return true;
  }

  /** Whether a whole request (head and body) has been read. */
  boolean complete() throws IOException {
    if (headEnd < 0) {
      headEnd = indexOf(in.array(), in.position(), "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      if (headEnd < 0) {
        return false;
      }
      parseHead(new String(in.array(), 0, headEnd, StandardCharsets.ISO_8859_1));
    }
    return in.position() >= headEnd + 4 + length;
  }

  long arrival() {
    return arrival;
  }

  String method() {
    return method;
  }

  String target() {
    return target;
  }

  String body() {
    return new String(in.array(), headEnd + 4, length, StandardCharsets.UTF_8);
  }

  /** Drops the request just answered; bytes of a pipelined next request stay (and arrived now). */
  void next() {
    int used = headEnd + 4 + length;
    int rest = in.position() - used;
    System.arraycopy(in.array(), used, in.array(), 0, rest);
    in.position(rest);
    headEnd = -1;
    length = 0;
    arrival = rest == 0 ? -1 : System.nanoTime(); // the harness never pipelines: a fallback only
  }

  private void parseHead(String head) throws IOException {
    String[] lines = head.split("\r\n");
    String[] requestLine = lines[0].split(" ");
    if (requestLine.length != 3) {
      throw new IOException("bad request line: " + lines[0]);
    }
    method = requestLine[0];
    target = requestLine[1];
    length = 0;
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0 && lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
        length = Integer.parseInt(lines[i].substring(colon + 1).trim());
      }
    }
  }

  private static int indexOf(byte[] data, int limit, byte[] pattern) {
    outer:
    for (int i = 0; i + pattern.length <= limit; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (data[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
