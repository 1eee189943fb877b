package dev.llmh.overhead;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.measure.RequestSample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The harness watches itself: its CPU per chunk, the collector's pauses, and the stalls they cause. */
class HarnessWatchTest {

  @Test
  void aFullCollectionInsideTheWindowIsCountedAndSeenAsAStall() throws Exception {
    List<int[]> live = new ArrayList<>();
    for (int i = 0; i < 1_000_000; i++) {
      live.add(new int[8]); // enough live objects that marking them takes milliseconds
    }
    try (HarnessWatch watch = HarnessWatch.start(null)) {
      watch.streamsStarted();
      Thread.sleep(20); // the meter is ticking
      System.gc();
      HarnessCheck check = watch.check(0);
      for (int tries = 0; check.gcPauses() == 0 && tries < 100; tries++) {
        Thread.sleep(50); // the collector's notification comes on its own thread, after the pause
        check = watch.check(0);
      }
      assertThat(check.gcPauses()).isGreaterThanOrEqualTo(1);
      assertThat(check.gcPauseMsTotal()).isGreaterThanOrEqualTo(check.gcPauseMsMax());
      // The pause stopped the meter too: late by the pause, less the part of its 1 ms tick the pause
      // overlapped, and the collector rounds to whole ms.
      assertThat(check.maxStallMs()).isGreaterThanOrEqualTo(check.gcPauseMsMax() - 2);
      assertThat(check.cpuUsPerChunk()).isNull(); // no chunk was read
      // Between looks, with no request in flight, the harness's own work is no stall of a stream.
      watch.streamsEnded();
      double before = watch.check(0).maxStallMs();
      System.gc();
      Thread.sleep(50);
      assertThat(watch.check(0).maxStallMs()).isEqualTo(before);
    }
    assertThat(live).hasSize(1_000_000);
  }

  @Test
  void theMetersTickIsHalfTheShortestStallTheWarningWouldName() {
    long ms = 1_000_000;
    assertThat(HarnessWatch.tick(null)).isEqualTo(ms); // nothing known: the finest
    assertThat(HarnessWatch.tick(4.0)).isEqualTo(ms); // the warning names stalls from its 2 ms floor
    assertThat(HarnessWatch.tick(20.0)).isEqualTo(ms * 5 / 2); // a quarter of 20 ms is 5 ms
    assertThat(HarnessWatch.tick(19.9988)).isEqualTo(ms * 24 / 10); // down to a tenth of a ms: never coarser
    assertThat(HarnessWatch.tick(1000.0)).isEqualTo(10 * ms); // not coarser than 10 ms
    try (HarnessWatch watch = HarnessWatch.start(20.0)) {
      assertThat(watch.check(0).stallResolutionMs()).isEqualTo(2.5); // the results file says what it could see
    }
  }

  @Test
  void theTickIsSetFromTheWarmUpsMedianGapElseItsMedianTtft() {
    long ms = 1_000_000;
    RequestSample steady = RequestSample.builder(0, List.of(100 * ms, 120 * ms, 140 * ms, 160 * ms), 160 * ms).build();
    RequestSample slow = RequestSample.builder(0, List.of(300 * ms, 400 * ms), 400 * ms).build();
    RequestSample failed = RequestSample.builder(0, List.of(1 * ms, 2 * ms), 2 * ms).error("HTTP 500").build();
    assertThat(HarnessWatch.figureMs(List.of(steady, slow, failed))).isEqualTo(20.0); // gaps 20, 20, 20, 100
    RequestSample oneChunk = RequestSample.builder(0, List.of(300 * ms), 300 * ms).build();
    RequestSample quick = RequestSample.builder(0, List.of(100 * ms), 100 * ms).build();
    assertThat(HarnessWatch.figureMs(List.of(oneChunk, quick, oneChunk))).isEqualTo(300.0); // no gap: the TTFT
    assertThat(HarnessWatch.figureMs(List.of(failed))).isNull();
    assertThat(HarnessWatch.figureMs(List.of())).isNull();
  }

  @Test
  void cpuIsSpreadOverTheChunksRead() {
    try (HarnessWatch watch = HarnessWatch.start(null)) {
      watch.workerCpu(3_000_000);
      watch.workerCpu(1_000_000);
      watch.workerCpu(-1); // a JVM that cannot tell adds nothing
      assertThat(watch.check(400).cpuUsPerChunk()).isEqualTo(10.0);
    }
  }

  @Test
  void theWholeJvmsCpuCountsOnlyWhileRequestsAreInFlight() {
    try (HarnessWatch watch = HarnessWatch.start(null)) {
      watch.streamsStarted();
      spin(50);
      watch.streamsEnded();
      spin(400); // between looks: not the streams' time
      Double perChunk = watch.check(1000).processCpuUsPerChunk();
      // 50 ms of this thread's CPU over 1000 chunks is 50 µs; the 400 ms outside would make it 450.
      assertThat(perChunk).isNotNull().isGreaterThanOrEqualTo(45.0).isLessThan(400.0);
    }
  }

  /** Burns {@code millis} of this thread's CPU. */
  private static void spin(long millis) {
    long start = HarnessWatch.threadCpuNanos();
    long x = 0;
    while (HarnessWatch.threadCpuNanos() - start < millis * 1_000_000) {
      x += System.nanoTime() & 1;
    }
    assertThat(x).isNotNegative();
  }

  @Test
  void concurrentCyclesAreNotPauses() {
    assertThat(HarnessWatch.isPause("G1 Young Generation", "end of minor GC")).isTrue();
    assertThat(HarnessWatch.isPause("G1 Old Generation", "end of major GC")).isTrue();
    assertThat(HarnessWatch.isPause("G1 Concurrent GC", "end of concurrent GC pause")).isFalse();
    assertThat(HarnessWatch.isPause("ZGC Cycles", "end of GC cycle")).isFalse();
    assertThat(HarnessWatch.isPause("ZGC Pauses", "end of GC pause")).isTrue();
  }

  @Test
  void aStallWarnsOnlyWhenItIsLargeNextToTheFigureItCouldMove() {
    HarnessCheck stalled = new HarnessCheck(12.0, 30.0, 38, 1, 1, 36, 36);
    assertThat(stalled.warning(20.0, 100.0)).hasValueSatisfying(w -> assertThat(w)
        .isEqualTo("the harness itself stalled for up to 38.0 ms inside the measured window (1 collector pause,"
            + " the longest 36.0 ms; docs/benchmarks.md has heap and collector settings that avoid them), against an ITL"
            + " p99 of 20.0 ms: the tail (p99, max) may be the harness's, not the server's"));
    // Without an ITL, the TTFT p50 is what a stall could move.
    assertThat(stalled.warning(null, 100.0)).hasValueSatisfying(w -> assertThat(w).contains("against a TTFT p50 of 100 ms"));
    // 38 ms is under a quarter of a 2 s TTFT: not worth a warning.
    assertThat(stalled.warning(null, 2000.0)).isEmpty();
    // Under 2 ms is scheduling noise on any machine.
    assertThat(new HarnessCheck(12.0, 30.0, 1.5, 1, 0, 0, 0).warning(2.0, 10.0)).isEmpty();
    assertThat(new HarnessCheck(12.0, 30.0, 38, 1, 0, 0, 0).warning(null, null)).isEmpty();
    assertThat(new HarnessCheck(12.0, 30.0, 6, 1, 0, 0, 0).warning(20.0, null))
        .hasValueSatisfying(w -> assertThat(w).contains("(no collector pause: the cores were busy, with the server on the"
            + " same machine or other processes, or the JVM was at a safepoint)"));
  }
}
