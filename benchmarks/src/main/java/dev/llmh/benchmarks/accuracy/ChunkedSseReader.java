package dev.llmh.benchmarks.accuracy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads an HTTP/1.1 response with a chunked body of server-sent events from a kept-alive socket,
 * byte by byte out of its own buffer, and stamps each event with {@link System#nanoTime()} taken
 * right after the socket read that delivered its last byte. For {@code FloorClient} only: it
 * expects 200 and {@code Transfer-Encoding: chunked}, as the simulator sends them.
 */
public final class ChunkedSseReader {
  private final InputStream in;
  private final byte[] buffer = new byte[16 * 1024];
  private int position;
  private int limit;
  private long readNanos;
  private long eventNanos;
  private int chunkLeft; // bytes left in the current HTTP chunk; -1 after the last chunk
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  public ChunkedSseReader(InputStream in) {
    this.in = in;
  }

  /** Reads the status line and headers; fails unless 200 and chunked. */
  public void readHeaders() throws IOException {
    String status = rawLine();
    boolean chunked = false;
    for (String header = rawLine(); !header.isEmpty(); header = rawLine()) {
      chunked |= header.toLowerCase(java.util.Locale.ROOT).equals("transfer-encoding: chunked");
    }
    if (!status.contains(" 200 ") || !chunked) {
      throw new IOException("expected a chunked 200 response, got " + status);
    }
    chunkLeft = 0;
  }

  /** The next event's data ({@code data: } stripped), or null after {@code [DONE]} and the last chunk. */
  public String nextEvent() throws IOException {
    for (;;) {
      String text = bodyLine();
      if (text == null) {
        return null;
      }
      if (text.startsWith("data: ")) {
        String data = text.substring("data: ".length());
        if (data.equals("[DONE]")) {
          drainToEnd();
          return null;
        }
        eventNanos = readNanos;
        return data;
      }
    }
  }

  /** When the last byte of the event {@link #nextEvent()} returned arrived. */
  public long eventNanos() {
    return eventNanos;
  }

  /** One line of the de-chunked body, or null at its end. */
  private String bodyLine() throws IOException {
    line.reset();
    for (;;) {
      int b = bodyByte();
      if (b < 0) {
        return null;
      }
      if (b == '\n') {
        return line.toString(StandardCharsets.UTF_8);
      }
      line.write(b);
    }
  }

  private int bodyByte() throws IOException {
    if (chunkLeft < 0) {
      return -1;
    }
    if (chunkLeft == 0) {
      String size = rawLine();
      if (size.isEmpty()) {
        size = rawLine(); // the CRLF that ends the previous chunk's data
      }
      chunkLeft = Integer.parseInt(size.split(";", 2)[0].trim(), 16);
      if (chunkLeft == 0) {
        rawLine(); // the empty line after the last chunk (no trailers)
        chunkLeft = -1;
        return -1;
      }
    }
    chunkLeft--;
    return socketByte();
  }

  private void drainToEnd() throws IOException {
    while (bodyByte() >= 0) {
      // what follows [DONE] in the body, up to the last chunk
    }
  }

  /** A CRLF-terminated line straight from the socket, without the CRLF. */
  private String rawLine() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int b = socketByte(); b != '\n'; b = socketByte()) {
      if (b < 0) {
        throw new IOException("connection closed");
      }
      if (b != '\r') {
        text.append((char) b);
      }
    }
    return text.toString();
  }

  private int socketByte() throws IOException {
    if (position == limit) {
      limit = in.read(buffer);
      readNanos = System.nanoTime(); // the moment these bytes arrived, before any parsing
      position = 0;
      if (limit < 0) {
        limit = 0;
        return -1;
      }
    }
    return buffer[position++] & 0xff;
  }
}
