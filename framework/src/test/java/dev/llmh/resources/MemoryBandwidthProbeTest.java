package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemoryBandwidthProbeTest {

  @Test
  void thisMachinesBandwidthIsAPlausibleFigureTakenQuickly() {
    long setupStart = System.nanoTime();
    long[] buffer = new long[Math.toIntExact(MemoryBandwidthProbe.bufferBytes() / Long.BYTES)];
    java.util.Arrays.parallelSetAll(buffer, i -> i);
    double setupMs = (System.nanoTime() - setupStart) / 1e6;
    double[] slowestPassMs = {0};
    double before = parallelSumBandwidth(buffer, slowestPassMs);
    MemoryBandwidthProbe.Result r = MemoryBandwidthProbe.measure();
    System.out.println("memory bandwidth probe: " + r.describe() + ", " + Math.round(r.bytesPerSecond()) + " B/s");

    // Bounded by what this machine does, not by a range any machine fits: a second measurement by
    // other code (a buffer as large, one long per cache line summed by a parallel stream, best of its passes)
    // taken just before and just after it, so that a burst of load elsewhere does not fall on one only. Both read memory at this machine's rate, so they agree within 3×, whatever the
    // machine and however busy; a probe off by a cache-line or unit error (8×, 1000×) would not.
    double independent = Math.max(before, parallelSumBandwidth(buffer, slowestPassMs));
    System.out.printf("independent parallel-stream read: %.1f GB/s; probe/independent = %.2f%n", independent / 1e9,
        r.bytesPerSecond() / independent);
    assertThat(r.bytesPerSecond()).isBetween(independent / 3, independent * 3);
    assertThat(r.bufferBytes()).isGreaterThanOrEqualTo(256L << 20);
    assertThat(r.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(r.passes()).isBetween(2, 200);
    // No pass starts after the budget, so the probe takes its budget at the most plus its own
    // allocation and fill and one last pass: work the test did beside it on the same buffer, at this
    // machine's pace of the moment, bounds those within the same 3x. A probe that ignored its budget
    // would run its 200 passes.
    double allowedMs = MemoryBandwidthProbe.BUDGET_NANOS / 1e6 + 3 * (setupMs + slowestPassMs[0]);
    System.out.printf("probe %d ms; budget %d ms + 3 x (the test's allocation and fill %.0f ms + slowest pass %.0f ms)%n",
        r.millis(), MemoryBandwidthProbe.BUDGET_NANOS / 1_000_000, setupMs, slowestPassMs[0]);
    assertThat((double) r.millis()).isLessThan(allowedMs);
  }

  /**
   * Bytes per second of the best of 12 parallel sums (as many passes as the probe runs on a busy machine, so that a core taken by other work for a few passes weighs on both alike) of one long per 64-byte line of {@code buffer}:
   * memory delivers whole lines, so this is the buffer's traffic at a fraction of the adds. Raises
   * {@code slowestPassMs[0]} to the slowest pass's ms.
   */
  private static double parallelSumBandwidth(long[] buffer, double[] slowestPassMs) {
    double best = 0;
    long sink = 0;
    for (int pass = 0; pass < 12; pass++) {
      long start = System.nanoTime();
      sink += java.util.stream.IntStream.range(0, buffer.length / 8).parallel().mapToLong(i -> buffer[i * 8]).sum();
      long nanos = System.nanoTime() - start;
      best = Math.max(best, (double) buffer.length * Long.BYTES * 1e9 / nanos);
      slowestPassMs[0] = Math.max(slowestPassMs[0], nanos / 1e6);
    }
    assertThat(sink).isNotZero();
    return best;
  }
}
