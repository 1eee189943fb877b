package dev.llmh.client.wire;

import java.io.ByteArrayOutputStream;

/** A response's head and body, for {@link StreamingHttp#fetch}: up to a size, beyond which it stops the response. */
class Collected implements ResponseSink {
  private final int maxBytes;
  final ByteArrayOutputStream body = new ByteArrayOutputStream();
  ResponseHead head;
  /** True once the body was read to its end: false when it was cut or outgrew {@code maxBytes}. */
  boolean complete;

  Collected(int maxBytes) {
    this.maxBytes = maxBytes;
  }

  @Override
  public boolean head(ResponseHead head, long arrival) {
    this.head = head;
    return true;
  }

  @Override
  public boolean body(byte[] bytes, int offset, int length, long arrival) {
    if (body.size() + length > maxBytes) {
      return false;
    }
    body.write(bytes, offset, length);
    return true;
  }

  @Override
  public void end(long arrival) {
    complete = true;
  }
}
