package dev.llmh.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
  private static final String CASE = "Translate › toGerman [concurrency=1]";
  private static final long SECOND = 1_000_000_000L;

  @Test
  void aFixedCaseShowsDoneOfPlannedElapsedTimeLeftTheRunningMedianAndFailures() {
    // 7 measured requests in 70 s: 10 s each, so 5 more take about 50 s.
    ProgressLine line = new ProgressLine(CASE, new ProgressLine.Warmup(2, 2, 0), new ProgressLine.Measured(List.of(12), false, 7, 1), 4428.4, 105 * SECOND, 70 * SECOND);
    assertThat(line.text()).isEqualTo(
        "LLMH 7/12 requests, 1m 45s elapsed, ~50s left, ttft p50 4.43 s, 1 failed (Translate › toGerman [concurrency=1])");
  }

  @Test
  void anAdaptiveCaseNamesItsLookAndCeilingAndTheTimeLeftIsTheLooks() {
    ProgressLine line =
        new ProgressLine(CASE, new ProgressLine.Warmup(2, 2, 0), new ProgressLine.Measured(List.of(10, 20, 40, 80, 160), true, 14, 0), 82.3, 30 * SECOND, 28 * SECOND);
    assertThat(line.text()).startsWith(
        "LLMH 14/20 requests (look 2 of 5, at most 160), 30s elapsed, ~12s left in this look, ttft p50 82 ms, 0 failed (");
    assertThat(new ProgressLine(CASE, new ProgressLine.Warmup(0, 0, 0), new ProgressLine.Measured(List.of(10, 20), true, 20, 0), 5, SECOND, SECOND).look())
        .as("the last look reached stays the last").isEqualTo(1);
    assertThat(new ProgressLine(CASE, new ProgressLine.Warmup(0, 0, 0), new ProgressLine.Measured(List.of(10, 20), true, 10, 0), 5, SECOND, SECOND).look())
        .as("a look reached: the next is under way").isEqualTo(1);
  }

  @Test
  void lessThanASecondLeftIsNotAnEstimateOfNothing() {
    assertThat(new ProgressLine(CASE, new ProgressLine.Warmup(0, 0, 0), new ProgressLine.Measured(List.of(12), false, 11, 0), 5, 3 * SECOND, 3 * SECOND).text())
        .contains(", <1s left, ");
  }

  @Test
  void warmUpIsShownAsSuchAndNothingMeasuredYetHasNoEstimate() {
    assertThat(new ProgressLine(CASE, new ProgressLine.Warmup(2, 1, 1), new ProgressLine.Measured(List.of(12), false, 0, 0), Double.NaN, 17 * SECOND, -1).text())
        .isEqualTo("LLMH warm-up 1/2, 17s elapsed, 1 failed (Translate › toGerman [concurrency=1])");
    assertThat(new ProgressLine(CASE, new ProgressLine.Warmup(2, 2, 0), new ProgressLine.Measured(List.of(12), false, 0, 0), Double.NaN, 40 * SECOND, -1).text())
        .isEqualTo("LLMH 0/12 requests, 40s elapsed, ? left, ttft p50 –, 0 failed (Translate › toGerman [concurrency=1])");
  }

  @Test
  void durationsAndLatenciesAreShortAndKeepThreeFigures() {
    assertThat(ProgressLine.duration(0)).isEqualTo("<1s");
    assertThat(ProgressLine.duration(SECOND / 2)).isEqualTo("1s");
    assertThat(ProgressLine.duration(59 * SECOND)).isEqualTo("59s");
    assertThat(ProgressLine.duration(61 * SECOND)).isEqualTo("1m 01s");
    assertThat(ProgressLine.duration(3725 * SECOND)).isEqualTo("1h 02m");
    assertThat(ProgressLine.millis(8.44)).isEqualTo("8.4 ms");
    assertThat(ProgressLine.millis(82.3)).isEqualTo("82 ms");
    assertThat(ProgressLine.millis(999.7)).isEqualTo("1.00 s");
    assertThat(ProgressLine.millis(17_240)).isEqualTo("17.2 s");
  }
}
