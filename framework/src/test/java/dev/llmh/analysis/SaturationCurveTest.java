package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.result.SaturationRecord;
import dev.llmh.result.SaturationRecord.Step;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SaturationCurveTest {
  private static Step step(int concurrency, double tokS, double ttftP95, Double goodput, String verdict) {
    return new Step(concurrency, null, tokS, ttftP95, goodput, verdict, null);
  }

  private static Optional<String> stop(double minGain, boolean slo, Step... steps) {
    return SaturationCurve.stop(List.of(steps), List.of("ttft.p95 = 900 ms > budget 500 ms: FAIL"), minGain, slo);
  }

  @Test
  void goesOnWhileTheGainIsAtLeastMinGain() {
    assertThat(stop(0.05, false, step(1, 30, 10, null, "PASS"))).isEmpty();
    assertThat(stop(0.05, false, step(1, 30, 10, null, "PASS"), step(2, 31.5, 10, null, "PASS"))).isEmpty(); // exactly +5%
    assertThat(stop(0.05, false, step(1, 30, 10, null, "PASS"), step(2, 31.4, 10, null, "INCONCLUSIVE")))
        .contains("output tok/s gained +4.7% (less than 5%) from concurrency 1 to 2");
  }

  @Test
  void stopsOnAFailedBudgetOrWhenGoodputFalls() {
    assertThat(stop(0.05, false, step(1, 30, 10, null, "FAIL")))
        .contains("FAIL at concurrency 1: ttft.p95 = 900 ms > budget 500 ms: FAIL");
    assertThat(stop(0.05, true, step(4, 60, 10, 3.0, "PASS"), step(8, 90, 30, 2.5, "PASS")))
        .contains("goodput fell from 3 to 2.5 req/s from concurrency 4 to 8");
    // without an @Slo goodput is not watched (and is null anyway)
    assertThat(stop(0.05, false, step(4, 60, 10, null, "PASS"), step(8, 90, 30, null, "PASS"))).isEmpty();
  }

  @Test
  void theKneeIsTheStepBeforeTheStopAndTheConsoleSaysWhatCameAfterIt() {
    var results = List.of(
        Fixture.result(1, 16, 100), Fixture.result(2, 31, 105), Fixture.result(4, 61, 110), Fixture.result(8, 62.83, 231));
    List<Step> planned = List.of(1, 2, 4, 8, 16).stream().map(c -> new Step(c, null, null, null, null, null, null)).toList();
    java.util.List<dev.llmh.result.CaseResult> withMissing = new java.util.ArrayList<>(results);
    withMissing.add(null);
    SaturationRecord record = SaturationCurve.record("demo.Knee", "ask", java.util.Map.of(), 0.05, false, withMissing,
        planned, "the run stopped before this step");
    assertThat(record.knee()).isEqualTo(new SaturationRecord.Point(4, null, 61.0));
    assertThat(record.stoppedBecause()).isEqualTo("output tok/s gained +3.0% (less than 5%) from concurrency 4 to 8");
    assertThat(record.steps()).extracting(Step::verdict).containsExactly("PASS", "PASS", "PASS", "PASS", "NOT_RUN");
    assertThat(record.steps().get(4).reason()).isEqualTo("not run: the search stopped (" + record.stoppedBecause() + ")");
    assertThat(record.params()).isNull();
    assertThat(dev.llmh.console.ConsoleSummary.saturation(List.of(record)))
        .contains("Knee \u203a ask: saturates at concurrency 4: 61 tok/s; at 8 TTFT p95 \u00d72.1 for +3.0% tok/s\n")
        .contains("    steps 1 16, 2 31, 4 61, 8 63, 16 not run\n");
  }

  @Test
  void withoutAStopThereIsNoKnee() {
    var results = List.of(Fixture.result(1, 16, 100), Fixture.result(2, 31, 105));
    List<Step> planned = List.of(1, 2).stream().map(c -> new Step(c, null, null, null, null, null, null)).toList();
    SaturationRecord record = SaturationCurve.record("demo.Knee", "ask", java.util.Map.of(), 0.05, false, results, planned, "x");
    assertThat(record.knee()).isNull();
    assertThat(record.stoppedBecause()).isEqualTo("reached the last step, concurrency 2, still gaining +94% output tok/s");
    assertThat(dev.llmh.console.ConsoleSummary.saturation(List.of(record)))
        .contains("Knee \u203a ask: no knee: reached the last step, concurrency 2, still gaining +94% output tok/s");
  }

  /** Case results with the figures a step reads. */
  static final class Fixture {
    static dev.llmh.result.CaseResult result(int concurrency, double tokS, double ttftP95) {
      var summary = new dev.llmh.result.MetricSummary(16, ttftP95, 0.0, ttftP95, ttftP95, ttftP95, ttftP95, ttftP95, ttftP95, null);
      return new dev.llmh.result.CaseResult("demo.Knee", "ask", "ask[concurrency=" + concurrency + "]",
          java.util.Map.of("concurrency", concurrency), null, null, null,
          new dev.llmh.result.CaseResult.Requests(0, 0, 16, 16, 0), java.util.Map.of("ttft_ms", summary),
          new dev.llmh.result.CaseResult.Throughput(tokS, 1.0, 1000.0), List.of(), List.of(), List.of(), null, null, null,
          "PASS", List.of(), "passed", null);
    }
  }
}
