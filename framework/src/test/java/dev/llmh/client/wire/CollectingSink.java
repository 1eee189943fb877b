package dev.llmh.client.wire;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** What a sink saw: the head, the body, and the arrival given with each body piece; stops after {@link #stopAfterBytes}. */
final class CollectingSink implements ResponseSink {
  ResponseHead head;
  final ByteArrayOutputStream body = new ByteArrayOutputStream();
  final List<Long> arrivals = new ArrayList<>();
  int stopAfterBytes = Integer.MAX_VALUE;

  @Override
  public boolean head(ResponseHead head, long arrival) {
    this.head = head;
    return true;
  }

  @Override
  public boolean body(byte[] bytes, int offset, int length, long arrival) {
    body.write(bytes, offset, length);
    arrivals.add(arrival);
    return body.size() < stopAfterBytes;
  }

  String text() {
    return body.toString(StandardCharsets.UTF_8);
  }
}
