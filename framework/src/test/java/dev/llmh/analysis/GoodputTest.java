package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.slo.GoodRequests;
import dev.llmh.slo.SloFeature;
import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestSample;
import dev.llmh.runner.SloDeclaration;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Goodput and SLO attainment against samples counted by hand. The intervals' reference values are
 * the beta quantiles that define Clopper–Pearson, as scipy.stats.beta.ppf gives them.
 */
class GoodputTest {
  private static final long MS = 1_000_000;

  /** A request sent at {@code startMs}: first chunk after {@code ttftMs}, then one every {@code gapMs}. */
  private static RequestSample request(long startMs, long ttftMs, int chunks, long gapMs) {
    List<Long> times = new ArrayList<>();
    for (int k = 0; k < chunks; k++) {
      times.add((startMs + ttftMs + k * gapMs) * MS);
    }
    return RequestSample.builder(startMs * MS, times, times.get(chunks - 1)).promptTokens(10).usageOutputTokens(chunks)
        .finishReason("stop").servedModel("m").build();
  }

  private static RequestSample failed(long startMs) {
    return RequestSample.builder(startMs * MS, List.of(), (startMs + 10) * MS).error("HTTP 500: boom").build();
  }

  /**
   * Eight requests a second apart, against ttft ≤ 200 ms and tpot ≤ 50 ms. Good: #1, #4 (one token:
   * no TPOT), #6 (exactly on both targets), #7, #8. Not: #2 (TTFT 250), #3 (TPOT 60), #5 (failed).
   */
  private static List<RequestSample> eight() {
    return List.of(
        request(0, 100, 5, 40), request(1000, 250, 5, 40), request(2000, 100, 5, 60), request(3000, 150, 1, 0),
        failed(4000), request(5000, 200, 5, 50), request(6000, 100, 5, 40), request(7000, 100, 5, 40));
  }

  private static CaseAnalysis analyze(List<RequestSample> samples, SloDeclaration slo, String... constraints) {
    return OneFeatureAnalysis.analyze(samples, m -> SloFeature.Found.of(slo, m), List.of(constraints));
  }

  @Test
  void countsGoodRequestsByHand() {
    CaseAnalysis analysis = analyze(eight(), new SloDeclaration("200ms", "50ms", null));
    assertThat(analysis.findings(SloFeature.Found.class).good().good()).isEqualTo(5);
    assertThat(analysis.findings(SloFeature.Found.class).good().counted()).isEqualTo(8);
    assertThat(analysis.figures().get(Metric.SLO_ATTAINMENT)).isEqualTo(62.5);
    // window: first send (0) to the last chunk of #8 (7000 + 100 + 4 × 40 ms)
    assertThat(analysis.figures().get(Metric.GOODPUT)).isCloseTo(5 / 7.26, within(1e-9));
  }

  @Test
  void anE2eTargetCountsTooAndAFailedRequestIsNeverGood() {
    // e2e of #1, #7, #8 is 260 ms, of #3 340, of #6 400, of #4 150: ≤ 300 ms keeps #1, #4, #7, #8 (and #2 at 410 misses)
    CaseAnalysis analysis = analyze(eight(), new SloDeclaration(null, null, "300ms"));
    assertThat(analysis.findings(SloFeature.Found.class).good().good()).isEqualTo(4);
    assertThat(analysis.figures().get(Metric.SLO_ATTAINMENT)).isEqualTo(50.0);
  }

  @Test
  void judgesOnClopperPearsonBounds() {
    CaseAnalysis analysis = analyze(eight(), new SloDeclaration("200ms", "50ms", null),
        "slo_attainment >= 95%", "slo_attainment >= 20%", "slo_attainment >= 60%", "goodput >= 0.1 req/s");
    List<ConstraintResult> results = analysis.constraints();
    // one-sided 95% bounds for 5 of 8: beta.ppf(0.05, 5, 4) = 0.28924, beta.ppf(0.95, 6, 3) = 0.88889
    ConstraintResult high = results.get(0);
    assertThat(high.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(high.bounds().lower()).isCloseTo(28.924, within(0.001));
    assertThat(high.bounds().upper()).isCloseTo(88.889, within(0.001));
    assertThat(high.message()).isEqualTo("slo_attainment = 62.5 % [28.9, 88.9] (5 of 8 requests good) < budget 95 %: FAIL");
    assertThat(results.get(1).verdict()).isEqualTo(Verdict.PASS);
    assertThat(results.get(2).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    // goodput's bounds are the same proportion × 8 requests / 7.26 s
    ConstraintResult goodput = results.get(3);
    assertThat(goodput.verdict()).isEqualTo(Verdict.PASS);
    assertThat(goodput.bounds().lower()).isCloseTo(0.28924 * 8 / 7.26, within(1e-4));
    assertThat(analysis.verdict()).isEqualTo(dev.llmh.verdict.CaseVerdict.FAIL);
  }

  @Test
  void withoutAnSloOrARequestItIsNotMeasuredNeverZero() {
    CaseAnalysis none = analyze(eight(), null, "goodput >= 1 req/s");
    assertThat(none.figures().get(Metric.GOODPUT)).isNull();
    assertThat(none.figures().get(Metric.SLO_ATTAINMENT)).isNull();
    assertThat(none.findings(SloFeature.Found.class).good().notMeasured()).isEqualTo(GoodRequests.NO_SLO);
    assertThat(none.constraints().get(0).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(none.constraints().get(0).message()).startsWith("goodput not measured (no @Slo declared");

    CaseAnalysis empty = analyze(List.of(), new SloDeclaration("1s", null, null), "slo_attainment >= 90%");
    assertThat(empty.figures().get(Metric.SLO_ATTAINMENT)).isNull();
    assertThat(empty.findings(SloFeature.Found.class).good().notMeasured()).isEqualTo(GoodRequests.NOTHING_MEASURED);
    assertThat(empty.constraints().get(0).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void allGoodBoundsReachOneHundredPercent() {
    List<RequestSample> twenty = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      twenty.add(request(i * 100L, 50, 3, 10));
    }
    CaseAnalysis analysis = analyze(twenty, new SloDeclaration("1s", null, null), "slo_attainment >= 85%");
    ConstraintResult r = analysis.constraints().get(0);
    // 20 of 20: the lower bound is alpha^(1/n) = beta.ppf(0.05, 20, 1) = 0.86089
    assertThat(r.bounds().lower()).isCloseTo(86.089, within(0.001));
    assertThat(r.bounds().upper()).isEqualTo(100.0);
    assertThat(r.verdict()).isEqualTo(Verdict.PASS);
  }
}
