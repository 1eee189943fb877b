package dev.llmh.progress;

import java.io.PrintStream;
import java.time.Duration;

/**
 * Where progress goes, and how often. On a terminal, one line rewritten in place (carriage return,
 * the line, erase to its end), closed with a newline when the case ends. Anywhere else — a CI log,
 * Surefire's echo of the forked JVM's output, an IDE's console — a whole line at most once per
 * interval, the first one interval into the case, so that a short case adds nothing to the log.
 * Not thread-safe: {@link Progress} calls it under one lock.
 */
final class ProgressOutput {
  static final String ERASE_TO_END_OF_LINE = "\u001b[K";
  private static final int DEFAULT_WIDTH = 80;

  private final PrintStream out;
  private final boolean terminal;
  private final long intervalNanos;
  private final int width;
  /** Terminal: a progress line is on screen, not closed by a newline. */
  private boolean drawn;
  /** Log: when the case's last progress line was printed; meaningful only when {@code printed}. */
  private long lastPrinted;
  private boolean printed;

  /** @param width the terminal's columns: a longer line would wrap, and the carriage return then rewrites only its last row */
  ProgressOutput(PrintStream out, boolean terminal, Duration interval, int width) {
    this.out = out;
    this.terminal = terminal;
    this.intervalNanos = interval.toNanos();
    this.width = width;
  }

  boolean terminal() {
    return terminal;
  }

  /** A case's progress as of {@code now}; its requests began at {@code since} (both {@link System#nanoTime()}). */
  void show(String line, long since, long now) {
    if (terminal) {
      out.print("\r" + clip(line) + ERASE_TO_END_OF_LINE);
      out.flush();
      drawn = true;
    } else if (now - since >= intervalNanos && (!printed || now - lastPrinted >= intervalNanos)) {
      out.println(line);
      out.flush();
      lastPrinted = now;
      printed = true;
    }
  }

  /** A line of its own, such as what a long phase does: on a terminal it replaces the progress line, redrawn at the next tick. */
  void message(String text) {
    if (drawn) {
      out.print("\r" + ERASE_TO_END_OF_LINE);
      drawn = false;
    }
    out.println(text);
    out.flush();
  }

  /** The case is over: a terminal keeps its line, brought up to date and closed; a log's interval starts again with the next case. */
  void caseEnded(String finalLine) {
    if (drawn) {
      out.println("\r" + clip(finalLine) + ERASE_TO_END_OF_LINE);
      out.flush();
      drawn = false;
    }
    printed = false;
  }

  private String clip(String line) {
    int room = Math.max(20, width - 1); // the last column would wrap on some terminals
    return line.length() <= room ? line : line.substring(0, room - 1) + "…";
  }

  /** The terminal's columns as the shell exports them ({@code COLUMNS}), else 80. */
  static int width(String columns) {
    try {
      int parsed = columns == null ? DEFAULT_WIDTH : Integer.parseInt(columns.trim());
      return parsed > 0 ? parsed : DEFAULT_WIDTH;
    } catch (NumberFormatException e) {
      return DEFAULT_WIDTH;
    }
  }
}
