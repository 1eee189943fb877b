package dev.llmh.feature;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.analysis.Figure;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.Section;
import dev.llmh.result.SloRecord;
import dev.llmh.result.fixtures.CaseResults;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A case's view: the core's rows and every feature's, each value carrying the budgets set on it. */
class CaseViewTest {
  private static final ConstraintRecord TTFT_P95 = new ConstraintRecord(
      "ttft.p95 < 2s", 812.0, 2000.0, "ms", "PASS", "ttft.p95 = 812 ms [700, 900] < budget 2000 ms: PASS", List.of(700.0, 900.0));
  private static final ConstraintRecord TTFT_REGRESSION = new ConstraintRecord(
      "ttft.p50 regression < 10%", 3.0, 10.0, "%", "PASS", "ttft.p50 regression = +3% [+1%, +5%] < budget 10%: PASS", null);
  private static final ConstraintRecord GOODPUT = new ConstraintRecord(
      "goodput >= 2req/s", 3.2, 2.0, "req/s", "PASS", "goodput = 3.2 req/s [2.5, 3.7] >= budget 2 req/s: PASS", List.of(2.5, 3.7));

  private static CaseResult judged() {
    Map<String, MetricSummary> metrics = new LinkedHashMap<>();
    MetricSummary ttft = new MetricSummary(10, 90.0, 2.0, 40.0, 85.0, 700.0, 812.0, 1234.0, 1240.0,
        new MetricSummary.ConfidenceIntervals(0.95, List.of(80.0, 95.0), null, List.of(700.0, 900.0), java.util.Arrays.asList(900.0, null), null));
    metrics.put(CaseResult.TTFT, ttft);
    metrics.put(CaseResult.TTFO, ttft); // no reasoning
    return CaseResults.passing()
        .metrics(metrics)
        .throughput(new CaseResult.Throughput(45.7, 0.4, 25_000.0))
        .constraints(List.of(TTFT_P95, TTFT_REGRESSION, GOODPUT))
        .section(Section.SLO, new SloRecord(new SloRecord.Targets(2000.0, null, null), 20, 16, 3.2, List.of(2.5, 3.7),
            80.0, List.of(56.0, 94.0), null))
        .build();
  }

  @Test
  void eachValueCarriesTheBudgetsSetOnItsMetricAndStatisticWithTheirVerdicts() {
    CaseView view = CaseView.of(judged());
    assertThat(view.value("ttft_ms.p95").budgets()).containsExactly(
        new Figure.Budget("ttft.p95 < 2s", "PASS", TTFT_P95.message()));
    assertThat(view.value("ttft_ms.p95").interval()).containsExactly(700.0, 900.0);
    // a regression budget judges the change against a baseline, not this value
    assertThat(view.value("ttft_ms.p50").budgets()).isEmpty();
    assertThat(view.value("slo.goodput").budgets()).extracting(Figure.Budget::verdict).containsExactly("PASS");
    assertThat(view.value("slo.slo_attainment").budgets()).isEmpty();
  }

  @Test
  void theCoreIsRowsTooTheCountsTheThroughputAndEveryDistributionFoldedOnesIncluded() {
    CaseView view = CaseView.of(judged());
    assertThat(view.requests().text()).isEqualTo("10 measured (10 ok, 0 failed) after 0 warm-up; throughput 45.7 tok/s, 0.40 req/s");
    assertThat(view.number("requests.failed")).isZero();
    assertThat(view.number("throughput.output_tokens_per_s")).isEqualTo(45.7);
    assertThat(view.latency().shown()).extracting(Figure::label).containsExactly("ttft (ms)");
    assertThat(view.latency().folded()).extracting(Figure::label).containsExactly("ttfo (ms)");
    assertThat(view.latency().note()).isEqualTo("(ttfo = ttft: no reasoning)");
    assertThat(view.latency().shown().get(0).text()).isEqualTo("95% CI");
    assertThat(view.number("ttfo_ms.p99")).isEqualTo(1234.0);
    assertThat(view.value("ttft_ms.p99").interval()).as("an end the sample cannot bound").containsExactly(900.0, null);
    assertThat(view.figures()).extracting(Figure::label).containsExactly("slo");
  }
}
