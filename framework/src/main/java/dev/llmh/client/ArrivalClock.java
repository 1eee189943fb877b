package dev.llmh.client;

import java.io.IOException;
import okio.Buffer;
import okio.ForwardingSource;
import okio.Source;

/**
 * The time the bytes of a response body arrive: each read that brings bytes from the connection is
 * stamped as it returns, before any framing or parsing. A frame is timestamped with the arrival of
 * the read that completed it, so several frames that came in one read share its time, and the
 * parser's own work never counts as the server's.
 */
final class ArrivalClock extends ForwardingSource {
  private long lastArrival;

  ArrivalClock(Source body, long start) {
    super(body);
    this.lastArrival = start;
  }

  @Override
  public long read(Buffer sink, long byteCount) throws IOException {
    long read = super.read(sink, byteCount);
    if (read > 0) {
      lastArrival = System.nanoTime();
    }
    return read;
  }

  /** When the latest bytes arrived: the time of the frame just completed. */
  long lastArrival() {
    return lastArrival;
  }
}
