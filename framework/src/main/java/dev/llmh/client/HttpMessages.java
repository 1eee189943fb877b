package dev.llmh.client;

import dev.llmh.client.wire.Request;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The streaming request the client sends, and the chunked response a server would send, which the
 * warm-up decodes.
 */
final class HttpMessages {
  private HttpMessages() {}

  /** {@code POST route} under {@code base} with a JSON body, and the endpoint's credentials when it has any. */
  static Request post(BaseUrl base, String route, byte[] body, Credentials credentials) {
    return new Request("POST", base.target(route), base.authority(),
        credentials.authorization().map(HttpMessages::headerValue).orElse(null), body);
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
