package dev.llmh.client;

import java.time.Duration;

/** Durations as people write them in configuration: {@code 300 ms}, {@code 5 s}, {@code 5 min}. */
public final class Durations {
  private Durations() {}

  public static String text(Duration d) {
    long ms = d.toMillis();
    if (ms < 1000 || ms % 1000 != 0) {
      return ms + " ms";
    }
    long s = ms / 1000;
    return s % 60 == 0 && s >= 60 ? s / 60 + " min" : s + " s";
  }
}
