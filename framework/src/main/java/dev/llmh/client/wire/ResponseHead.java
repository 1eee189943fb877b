package dev.llmh.client.wire;

/**
 * What a response's status line and headers say that a streaming client acts on.
 *
 * @param code the status code
 * @param contentType the {@code Content-Type} header, or null
 * @param retryAfter the {@code Retry-After} header, or null
 * @param contentEncoding the {@code Content-Encoding} header, or null: nothing asks for one, so a
 *     server that compresses anyway sends bytes this client cannot read
 */
public record ResponseHead(int code, String contentType, String retryAfter, String contentEncoding) {

  public boolean successful() {
    return code >= 200 && code < 300;
  }
}
