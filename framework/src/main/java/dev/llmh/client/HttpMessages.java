package dev.llmh.client;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import okhttp3.HttpUrl;

/**
 * HTTP/1.1 messages as bytes on the wire: the streaming request the event-loop client writes, and
 * the chunked response a server would send, which the warm-up decodes.
 */
final class HttpMessages {
  private HttpMessages() {}

  /** {@code POST url} with a JSON body, and the endpoint's credentials when it has any. */
  static byte[] post(HttpUrl url, byte[] body, Credentials credentials) {
    StringBuilder head = new StringBuilder(256).append("POST ").append(url.encodedPath());
    if (url.encodedQuery() != null) {
      head.append('?').append(url.encodedQuery());
    }
    String host = url.host().contains(":") ? "[" + url.host() + "]" : url.host();
    head.append(" HTTP/1.1\r\nHost: ").append(host);
    if (url.port() != HttpUrl.defaultPort(url.scheme())) {
      head.append(':').append(url.port());
    }
    head.append("\r\nUser-Agent: llmh\r\nContent-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n");
    credentials.authorization().ifPresent(value -> head.append("Authorization: ").append(headerValue(value)).append("\r\n"));
    head.append("\r\n");
    byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] message = new byte[headBytes.length + body.length];
    System.arraycopy(headBytes, 0, message, 0, headBytes.length);
    System.arraycopy(body, 0, message, headBytes.length, body.length);
    return message;
  }

  /** The credentials as they go in a header; a line break in a key would start a header of its own. */
  private static String headerValue(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if ((c < 0x20 && c != '\t') || c >= 0x7f) {
        throw new IllegalArgumentException("the API key or URL credentials hold a character that cannot be sent in an"
            + " HTTP header (at position " + i + "): check LLMH_API_KEY, llmh.apiKeyFile or the endpoint URL");
      }
    }
    return value;
  }

  /** A 200 response of {@code contentType} whose body is {@code frames}, one HTTP chunk each, as one read each. */
  static List<byte[]> chunkedResponse(String contentType, List<String> frames) {
    List<byte[]> reads = new ArrayList<>();
    reads.add(("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nTransfer-Encoding: chunked\r\n\r\n")
        .getBytes(StandardCharsets.ISO_8859_1));
    for (String frame : frames) {
      byte[] data = frame.getBytes(StandardCharsets.UTF_8);
      ByteArrayOutputStream chunk = new ByteArrayOutputStream(data.length + 16);
      chunk.writeBytes((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      chunk.writeBytes(data);
      chunk.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
      reads.add(chunk.toByteArray());
    }
    reads.add("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
    return reads;
  }
}
