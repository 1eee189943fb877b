package dev.llmh.client.wire;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** What a sink saw: the head, the body, and the arrival given with each body piece; stops after {@link #stopAfterBytes}. */
final class CollectingSink extends Collected {
  final List<Long> arrivals = new ArrayList<>();
  int stopAfterBytes = Integer.MAX_VALUE;

  CollectingSink() {
    super(Integer.MAX_VALUE);
  }

  @Override
  public boolean body(byte[] bytes, int offset, int length, long arrival) {
    super.body(bytes, offset, length, arrival);
    arrivals.add(arrival);
    return body.size() < stopAfterBytes;
  }

  String text() {
    return body.toString(StandardCharsets.UTF_8);
  }
}
