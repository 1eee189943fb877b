package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemoryBandwidthProbeTest {

  @Test
  void thisMachinesBandwidthIsAPlausibleFigureTakenQuickly() {
    long[] buffer = new long[Math.toIntExact(MemoryBandwidthProbe.bufferBytes() / Long.BYTES)];
    java.util.Arrays.parallelSetAll(buffer, i -> i);
    double before = parallelSumBandwidth(buffer);
    MemoryBandwidthProbe.Result r = MemoryBandwidthProbe.measure();
    System.out.println("memory bandwidth probe: " + r.describe() + ", " + Math.round(r.bytesPerSecond()) + " B/s");

    // Bounded by what this machine does, not by a range any machine fits: a second measurement by
    // other code (a buffer as large, one long per cache line summed by a parallel stream, best of its passes)
    // taken just before and just after it, so that a burst of load elsewhere does not fall on one only. Both read memory at this machine's rate, so they agree within 3×, whatever the
    // machine and however busy; a probe off by a cache-line or unit error (8×, 1000×) would not.
    double independent = Math.max(before, parallelSumBandwidth(buffer));
    System.out.printf("independent parallel-stream read: %.1f GB/s; probe/independent = %.2f%n", independent / 1e9,
        r.bytesPerSecond() / independent);
    assertThat(r.bytesPerSecond()).isBetween(independent / 3, independent * 3);
    assertThat(r.bufferBytes()).isGreaterThanOrEqualTo(256L << 20);
    assertThat(r.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(r.passes()).isBetween(2, 200);
    // About a second on a busy two-core machine; loose, but an unbounded probe would fail it.
    assertThat(r.millis()).isLessThan(4_000);
  }

  /**
   * Bytes per second of the best of 6 parallel sums of one long per 64-byte line of {@code buffer}:
   * memory delivers whole lines, so this is the buffer's traffic at a fraction of the adds.
   */
  private static double parallelSumBandwidth(long[] buffer) {
    double best = 0;
    long sink = 0;
    for (int pass = 0; pass < 6; pass++) {
      long start = System.nanoTime();
      sink += java.util.stream.IntStream.range(0, buffer.length / 8).parallel().mapToLong(i -> buffer[i * 8]).sum();
      best = Math.max(best, (double) buffer.length * Long.BYTES * 1e9 / (System.nanoTime() - start));
    }
    assertThat(sink).isNotZero();
    return best;
  }
}
