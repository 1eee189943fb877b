package dev.llmh.client.wire;

import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An HTTP/1.1 response decoded as its bytes are pushed in, in pieces of any size: status line and
 * headers, then the body — chunked, of a {@code Content-Length}, or up to the connection's close —
 * handed to a {@link ResponseSink} de-chunked. Nothing is allocated per body byte or per chunk:
 * a streamed response is thousands of small chunks, and garbage made while streams are timed is
 * collected inside the measured window.
 */
public final class ResponseDecoder {
  /** What {@link #feed} left the response at. */
  public enum Progress { MORE, COMPLETE, STOPPED }

  private enum State { STATUS, HEADERS, CHUNK_SIZE, CHUNK_EXTENSION, CHUNK_DATA, CHUNK_END, TRAILERS, LENGTH_BODY, CLOSE_BODY, DONE }

  private static final int MAX_HEAD_LINE = 64 * 1024;

  private ResponseSink sink;
  private State state = State.DONE;
  private final StringBuilder line = new StringBuilder();
  private int code;
  private boolean http10;
  private String contentType;
  private String retryAfter;
  private String contentEncoding;
  private boolean chunked;
  private long contentLength;
  private boolean close;
  private long left;
  private boolean sizeDigits;
  private int consumed;
  private boolean stopped; // the sink wanted no more of the last feed

  /** Starts decoding a new response into {@code sink}. */
  public void reset(ResponseSink sink) {
    this.sink = sink;
    this.state = State.STATUS;
    this.line.setLength(0);
    this.http10 = false;
    this.close = false;
    newHead();
  }

  private void newHead() {
    code = 0;
    contentType = null;
    retryAfter = null;
    contentEncoding = null;
    chunked = false;
    contentLength = -1;
  }

  /** True once the status line and headers of the (final) response were read. */
  public boolean headRead() {
    return state.compareTo(State.HEADERS) > 0;
  }

  /** True when the connection may carry another request after this response is complete. */
  public boolean reusable() {
    return state == State.DONE && !close && !http10;
  }

  /** How many bytes of the last {@link #feed} the response took; after COMPLETE, any more belong to no response. */
  public int consumed() {
    return consumed;
  }

  /** Decodes {@code length} bytes that arrived at {@code arrival}. */
  public Progress feed(byte[] bytes, int offset, int length, long arrival) throws IOException {
    int i = offset;
    int end = offset + length;
    stopped = false;
    while (i < end && state != State.DONE && !stopped) {
      i = switch (state) {
        case STATUS, HEADERS, TRAILERS -> headBytes(bytes, i, end, arrival);
        case CHUNK_SIZE -> chunkSize(bytes, i, end);
        case CHUNK_EXTENSION -> chunkExtension(bytes, i, end);
        case CHUNK_DATA, LENGTH_BODY, CLOSE_BODY -> bodyBytes(bytes, i, end, arrival);
        case CHUNK_END -> chunkEnd(bytes, i);
        default -> throw new IllegalStateException(state.name());
      };
    }
    consumed = i - offset;
    return stopped ? Progress.STOPPED : state == State.DONE ? Progress.COMPLETE : Progress.MORE;
  }

  private int headBytes(byte[] bytes, int i, int end, long arrival) throws IOException {
    int lf = indexOf(bytes, i, end, (byte) '\n');
    appendLatin1(bytes, i, lf < 0 ? end : lf);
    if (lf < 0) {
      return end;
    }
    stopped = !headLine(arrival);
    return lf + 1;
  }

  private int chunkExtension(byte[] bytes, int i, int end) {
    int lf = indexOf(bytes, i, end, (byte) '\n');
    if (lf < 0) {
      return end;
    }
    state = left == 0 ? State.TRAILERS : State.CHUNK_DATA;
    return lf + 1;
  }

  private int bodyBytes(byte[] bytes, int i, int end, long arrival) throws IOException {
    int n = state == State.CLOSE_BODY ? end - i : (int) Math.min(left, end - i);
    stopped = !sink.body(bytes, i, n, arrival);
    left -= n;
    if (stopped) {
      return i + n;
    }
    if (state == State.CLOSE_BODY && sink.ended()) {
      state = State.DONE;
      close = true; // the connection carries nothing more: it is closed, not waited on
    } else if (left == 0 && state == State.CHUNK_DATA) {
      state = State.CHUNK_END;
    } else if (left == 0 && state == State.LENGTH_BODY) {
      state = State.DONE;
      sink.end(arrival);
    }
    return i + n;
  }

  private int chunkEnd(byte[] bytes, int i) throws ProtocolException {
    byte b = bytes[i];
    if (b == '\n') {
      state = State.CHUNK_SIZE;
      left = 0;
      sizeDigits = false;
    } else if (b != '\r') {
      throw new ProtocolException("malformed chunked body: no line end after a chunk's data");
    }
    return i + 1;
  }

  /** The connection closed at {@code arrival}: that ends a body read to the close; anything else was cut. */
  public Progress endOfInput(long arrival) throws IOException {
    if (state == State.CLOSE_BODY) {
      state = State.DONE;
      close = true;
      sink.end(arrival);
      return Progress.COMPLETE;
    }
    if (state == State.DONE) {
      return Progress.COMPLETE;
    }
    throw new EOFException(headRead() ? "unexpected end of stream: the connection closed mid-body"
        : "unexpected end of stream: the connection closed before the response headers ended");
  }

  private int chunkSize(byte[] bytes, int i, int end) throws ProtocolException {
    for (; i < end; i++) {
      byte b = bytes[i];
      int digit = Character.digit(b, 16);
      if (digit >= 0) {
        if (left > (Long.MAX_VALUE >> 4)) {
          throw new ProtocolException("malformed chunked body: chunk size too large");
        }
        left = (left << 4) + digit;
        sizeDigits = true;
      } else if (b == '\r' || b == ' ' || b == '\t') {
        // the line end, or padding before an extension
      } else if (b == ';' || b == '\n') {
        if (!sizeDigits) {
          throw new ProtocolException("malformed chunked body: no chunk size");
        }
        state = b == ';' ? State.CHUNK_EXTENSION : left == 0 ? State.TRAILERS : State.CHUNK_DATA;
        return i + 1;
      } else {
        throw new ProtocolException("malformed chunked body: '" + (char) (b & 0xff) + "' in a chunk size");
      }
    }
    return i;
  }

  /** One line of the head (or trailers) is complete in {@link #line}; false when the sink stops. */
  private boolean headLine(long arrival) throws ProtocolException {
    int n = line.length();
    if (n > 0 && line.charAt(n - 1) == '\r') {
      line.setLength(n - 1);
    }
    String text = line.toString();
    line.setLength(0);
    switch (state) {
      case STATUS -> status(text);
      case TRAILERS -> {
        if (text.isEmpty()) {
          state = State.DONE;
          sink.end(arrival);
        }
      }
      default -> {
        if (!text.isEmpty()) {
          header(text);
        } else if (code < 200) {
          state = State.STATUS; // an interim response (100 Continue): the real one follows
          newHead();
        } else {
          return bodyStarts(arrival);
        }
      }
    }
    return true;
  }

  private void status(String text) throws ProtocolException {
    if (text.isEmpty()) {
      return; // a stray line end before the status line is tolerated (RFC 9112, 2.2)
    }
    String[] parts = text.split(" ", 3);
    if (parts.length < 2 || !parts[0].startsWith("HTTP/1.") || parts[1].length() != 3) {
      throw new ProtocolException("not an HTTP/1.1 response: " + excerpt(text));
    }
    try {
      code = Integer.parseInt(parts[1]);
    } catch (NumberFormatException e) {
      throw new ProtocolException("not an HTTP status: " + excerpt(text));
    }
    http10 = parts[0].equals("HTTP/1.0");
    state = State.HEADERS;
  }

  private void header(String text) throws ProtocolException {
    int colon = text.indexOf(':');
    if (colon <= 0) {
      throw new ProtocolException("malformed response header: " + excerpt(text));
    }
    String name = text.substring(0, colon).trim().toLowerCase(Locale.ROOT);
    String value = text.substring(colon + 1).trim();
    switch (name) {
      case "content-type" -> contentType = value;
      case "retry-after" -> retryAfter = value;
      case "content-encoding" -> contentEncoding = value.equalsIgnoreCase("identity") ? null : value;
      case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).endsWith("chunked");
      case "content-length" -> {
        try {
          contentLength = Long.parseLong(value);
        } catch (NumberFormatException e) {
          throw new ProtocolException("malformed Content-Length: " + excerpt(value));
        }
      }
      case "connection" -> {
        String tokens = value.toLowerCase(Locale.ROOT);
        close |= tokens.contains("close");
        http10 &= !tokens.contains("keep-alive");
      }
      default -> { } // not acted on
    }
  }

  private boolean bodyStarts(long arrival) {
    if (code == 204 || code == 304) {
      state = State.DONE;
    } else if (chunked) {
      state = State.CHUNK_SIZE;
      left = 0;
      sizeDigits = false;
    } else if (contentLength >= 0) {
      left = contentLength;
      state = contentLength == 0 ? State.DONE : State.LENGTH_BODY;
    } else {
      state = State.CLOSE_BODY;
      close = true;
    }
    return sink.head(new ResponseHead(code, contentType, retryAfter, contentEncoding), arrival);
  }

  private void appendLatin1(byte[] bytes, int from, int to) throws ProtocolException {
    if (line.length() + (to - from) > MAX_HEAD_LINE) {
      throw new ProtocolException("a response header line longer than " + MAX_HEAD_LINE + " bytes");
    }
    for (int i = from; i < to; i++) {
      line.append((char) (bytes[i] & 0xff));
    }
  }

  private static int indexOf(byte[] bytes, int from, int to, byte wanted) {
    for (int i = from; i < to; i++) {
      if (bytes[i] == wanted) {
        return i;
      }
    }
    return -1;
  }

  private static String excerpt(String text) {
    String bytes = new String(text.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    return bytes.length() <= 120 ? bytes : bytes.substring(0, 120) + "…";
  }
}
