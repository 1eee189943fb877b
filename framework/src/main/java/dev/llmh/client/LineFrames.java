package dev.llmh.client;

import java.util.Arrays;

/**
 * A streamed body cut into lines as its bytes arrive, whatever carries them: each line goes to
 * {@link #line} with the arrival time of the read that completed it, so several lines that came in
 * one read share its time and the parser's own work never counts as the server's. The line buffer
 * is reused: nothing is allocated per line.
 */
abstract class LineFrames {
  private byte[] line = new byte[1024];
  private int length;

  /** Cuts {@code count} bytes that arrived at {@code arrival}; stops at a line after which {@link #over()}. */
  final void feed(byte[] bytes, int offset, int count, long arrival) {
    int end = offset + count;
    int from = offset;
    for (int i = offset; i < end; i++) {
      if (bytes[i] != '\n') {
        continue;
      }
      append(bytes, from, i);
      from = i + 1;
      int n = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
      length = 0;
      line(line, n, arrival);
      if (over()) {
        return;
      }
    }
    append(bytes, from, end);
  }

  /**
   * The body ended at {@code arrival}: bytes after its last line end are its last line (an NDJSON
   * server may end its final object with the body rather than a line end). A protocol that needs
   * a blank line to dispatch (SSE) still gets none, so an unterminated event stays undelivered.
   */
  final void end(long arrival) {
    if (length > 0 && !over()) {
      int n = line[length - 1] == '\r' ? length - 1 : length;
      length = 0;
      line(line, n, arrival);
    }
  }

  private void append(byte[] bytes, int from, int to) {
    int n = to - from;
    if (length + n > line.length) {
      line = Arrays.copyOf(line, Math.max(line.length * 2, length + n));
    }
    System.arraycopy(bytes, from, line, length, n);
    length += n;
  }

  /** One line, without its line end, in {@code text[0, length)}; the array is reused after the call. */
  abstract void line(byte[] text, int length, long arrival);

  /** True once nothing more is wanted from the stream. */
  abstract boolean over();
}
