package dev.llmh.client;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ProtocolException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Locale;

/**
 * Turns what the network threw into a sample's {@code error}: the kind of failure first, in words
 * a person can act on (which timeout, which key), then the exception as it was.
 */
record FailureReasons(Duration connectTimeout, Duration readTimeout) {

  /** @param midStream true once the response headers arrived (the stream had begun) */
  String describe(Throwable e, boolean midStream) {
    String raw = raw(e);
    String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
    if (e instanceof SocketTimeoutException) {
      if (message.contains("connect")) {
        return "connect timeout: no connection within " + Durations.text(connectTimeout)
            + " (llmh.timeout.connect): " + raw;
      }
      return "idle timeout: nothing received for " + Durations.text(readTimeout)
          + (midStream ? " mid-stream" : " before the response began") + " (llmh.timeout.read): " + raw;
    }
    if (e instanceof ConnectException) {
      return "connection refused: " + raw;
    }
    if (e instanceof SocketException || e instanceof EOFException || e instanceof ProtocolException
        || message.contains("unexpected end of stream")) {
      return (midStream ? "connection reset mid-stream: " : "connection reset before the response: ") + raw;
    }
    if (e instanceof IOException) {
      return (midStream ? "stream broken: " : "request failed: ") + raw;
    }
    return "client error: " + raw;
  }

  static String raw(Throwable e) {
    String message = e.getMessage();
    return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }
}
