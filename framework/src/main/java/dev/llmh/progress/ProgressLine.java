package dev.llmh.progress;

import java.util.List;
import java.util.Locale;

/**
 * One case's progress, as the console shows it:
 * {@code LLMH 7/12 requests, 1m 45s elapsed, ~1m 15s left, ttft p50 4.43 s, 0 failed (Translate › toGerman [concurrency=1])}.
 * An adaptive case names its look and its ceiling, and the time left is the look's; during warm-up,
 * {@code LLMH warm-up 1/2, 17s elapsed (…)}.
 *
 * @param ttftP50Millis the median TTFT of the measured requests that ended with a first token; NaN before one did
 * @param elapsedNanos since the case's requests began, warm-up included
 * @param measuringNanos since its measured requests began, or negative before one ended
 */
record ProgressLine(
    String caseName, Warmup warmup, Measured measured, double ttftP50Millis, long elapsedNanos, long measuringNanos) {

  /** The case's warm-up requests: planned, ended, and of those failed. */
  record Warmup(int planned, int ended, int failed) {}

  /** @param looks the planned numbers of measured requests at which the case looks (one when it is not adaptive) */
  record Measured(List<Integer> looks, boolean adaptive, int ended, int failed) {}

  String text() {
    StringBuilder text = new StringBuilder("LLMH ");
    List<Integer> looks = measured.looks();
    int measuredEnded = measured.ended();
    if (measuredEnded == 0 && warmup.ended() < warmup.planned()) {
      text.append("warm-up ").append(warmup.ended()).append('/').append(warmup.planned()).append(", ")
          .append(duration(elapsedNanos)).append(" elapsed");
      if (warmup.failed() > 0) {
        text.append(", ").append(warmup.failed()).append(" failed");
      }
    } else {
      int look = look();
      int target = looks.get(look);
      text.append(measuredEnded).append('/').append(target).append(" requests");
      if (measured.adaptive()) {
        text.append(" (look ").append(look + 1).append(" of ").append(looks.size()).append(", at most ")
            .append(looks.get(looks.size() - 1)).append(')');
      }
      text.append(", ").append(duration(elapsedNanos)).append(" elapsed, ");
      if (measuredEnded > 0 && measuringNanos >= 0) {
        long left = Math.max(0, measuringNanos / measuredEnded * (target - measuredEnded));
        String estimate = duration(left);
        text.append(estimate.startsWith("<") ? estimate : "~" + estimate).append(measured.adaptive() ? " left in this look" : " left");
      } else {
        text.append("? left");
      }
      text.append(", ttft p50 ").append(Double.isNaN(ttftP50Millis) ? "–" : millis(ttftP50Millis))
          .append(", ").append(measured.failed()).append(" failed");
    }
    return text.append(" (").append(caseName).append(')').toString();
  }

  /** The look under way: the first whose planned count is not reached yet, else the last. */
  int look() {
    List<Integer> looks = measured.looks();
    for (int i = 0; i < looks.size(); i++) {
      if (measured.ended() < looks.get(i)) {
        return i;
      }
    }
    return looks.size() - 1;
  }

  /** {@code <1s}, {@code 45s}, {@code 1m 45s}, {@code 1h 02m}. */
  static String duration(long nanos) {
    long seconds = Math.round(nanos / 1e9);
    if (seconds == 0) {
      return "<1s";
    }
    if (seconds < 60) {
      return seconds + "s";
    }
    if (seconds < 3600) {
      return String.format(Locale.ROOT, "%dm %02ds", seconds / 60, seconds % 60);
    }
    return String.format(Locale.ROOT, "%dh %02dm", seconds / 3600, seconds % 3600 / 60);
  }

  /** Three figures, in ms below a second: {@code 8.4 ms}, {@code 82 ms}, {@code 4.43 s}, {@code 17.2 s}. */
  static String millis(double millis) {
    if (millis < 10) {
      return String.format(Locale.ROOT, "%.1f ms", millis);
    }
    if (millis < 999.5) {
      return String.format(Locale.ROOT, "%.0f ms", millis);
    }
    return String.format(Locale.ROOT, millis < 9995 ? "%.2f s" : "%.1f s", millis / 1000);
  }
}
