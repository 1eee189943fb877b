package dev.llmh.overhead;

import java.util.Locale;
import java.util.Optional;

/**
 * The harness's own overhead during one case's measured requests (results: {@code results[].harness}).
 *
 * @param cpuUsPerChunk CPU time of the measuring threads (request building, reading, parsing,
 *     timestamping) per text chunk read, in µs; null when nothing was read or the JVM cannot tell
 * @param processCpuUsPerChunk CPU time of the whole JVM while requests were in flight, per text
 *     chunk read, in µs: the measuring threads, the journal writer, the stall meter, the collector
 *     and the JIT — and the server too when it runs in this JVM ({@code llmh.endpoint=simulated});
 *     null when nothing was read or the JVM cannot tell
 * @param maxStallMs the longest a harness thread that asked to run was kept from running, in ms
 *     (a collector pause, a safepoint, a busy core); every stream's reads were late by up to this
 * @param stallResolutionMs the stall meter's tick: a stall is seen short by up to this; 1–10 ms, half the
 *     shortest stall the warning names for the case's warm-up ITL (else TTFT)
 * @param gcPauses collector pauses in the measured window
 * @param gcPauseMsMax the longest of them, in ms (the collector reports whole milliseconds)
 * @param gcPauseMsTotal their sum, in ms
 */
public record HarnessCheck(
    Double cpuUsPerChunk, Double processCpuUsPerChunk, double maxStallMs, double stallResolutionMs, int gcPauses, double gcPauseMsMax,
    double gcPauseMsTotal) {

  /** A stall this large next to the figure it could have moved is worth a warning. */
  static final double SHARE_OF_FIGURE = 0.25;
  /** Shorter stalls are scheduling noise on any machine. */
  static final double NOISE_MS = 2;

  /**
   * A warning when the harness may have shaped the tail: its longest stall was at least
   * {@link #NOISE_MS} and at least a quarter of the figure it could have moved (the ITL p99, else the
   * TTFT p50).
   *
   * @param itlP99Ms the case's ITL p99, or null when not measured
   * @param ttftP50Ms the case's TTFT p50, or null when not measured
   */
  public Optional<String> warning(Double itlP99Ms, Double ttftP50Ms) {
    Double figure = itlP99Ms != null ? itlP99Ms : ttftP50Ms;
    if (figure == null || maxStallMs < warnedStallMs(figure)) {
      return Optional.empty();
    }
    String cause = gcPauses == 0
        ? "no collector pause: the cores were busy, with the server on the same machine or other processes, or the JVM"
            + " was at a safepoint"
        : gcPauses + " collector pause" + (gcPauses == 1 ? "" : "s") + ", the longest " + ms(gcPauseMsMax)
            + "; docs/benchmarks.md has heap and collector settings that avoid them";
    return Optional.of("the harness itself stalled for up to " + ms(maxStallMs) + " inside the measured window ("
        + cause + "), against " + (itlP99Ms != null ? "an ITL p99 of " : "a TTFT p50 of ") + ms(figure)
        + ": the tail (p99, max) may be the harness's, not the server's");
  }

  /** The shortest stall {@link #warning} names next to {@code figureMs}; with none known, {@link #NOISE_MS}. */
  static double warnedStallMs(Double figureMs) {
    return figureMs == null ? NOISE_MS : Math.max(NOISE_MS, SHARE_OF_FIGURE * figureMs);
  }

  private static String ms(double value) {
    return String.format(Locale.ROOT, "%.3g ms", value);
  }
}
