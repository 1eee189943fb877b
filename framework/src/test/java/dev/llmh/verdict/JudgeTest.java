package dev.llmh.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Metric;
import dev.llmh.stats.MetricSample;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

class JudgeTest {
  private static Map<Metric, MetricSample> ttft(double... values) {
    return Map.of(Metric.TTFT, MetricSample.perRequest(DoubleStream.of(values).boxed().toList()));
  }

  /** n values 1, 2, ... n ms: X(i) = i, so the bounds are the order-statistic indices. */
  private static Map<Metric, MetricSample> ramp(int n) {
    return ttft(DoubleStream.iterate(1, v -> v + 1).limit(n).toArray());
  }

  /** The constraint judged on the samples, checked to have {@code verdict} and {@code message}. */
  private static ConstraintResult judged(Verdict verdict, String constraint, Map<Metric, MetricSample> samples, String message) {
    ConstraintResult r = judge(constraint, samples);
    assertThat(r.verdict()).isEqualTo(verdict);
    assertThat(r.message()).isEqualTo(message);
    return r;
  }

  private static ConstraintResult judge(String constraint, Map<Metric, MetricSample> samples) {
    return Judge.judge(ConstraintParser.parse(constraint), samples, 0.95, 0.05);
  }

  @Test
  void errorRateIsFailedOverMeasuredInPercent() {
    ConstraintResult fail = Judge.judgeErrorRate(ConstraintParser.parse("error_rate < 10%"), 1, 6);
    assertThat(fail.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(fail.observed()).isCloseTo(16.67, org.assertj.core.api.Assertions.within(0.01));
    assertThat(fail.message()).isEqualTo("error_rate = 16.7 % (1 of 6 failed) >= budget 10 %: FAIL");
    assertThat(Judge.judgeErrorRate(ConstraintParser.parse("error_rate < 20%"), 1, 6).verdict()).isEqualTo(Verdict.PASS);
    assertThat(Judge.judgeErrorRate(ConstraintParser.parse("error_rate <= 0%"), 0, 6).verdict()).isEqualTo(Verdict.PASS);
    assertThat(Judge.judgeErrorRate(ConstraintParser.parse("error_rate < 1%"), 0, 0).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void failMessageHasThePinnedFormatWithTheInterval() {
    // p95 of 3 values: the one-sided 95% lower bound is X(2) (P(Bin(3, 0.95) <= 1) = 0.00725), no upper bound
    judged(Verdict.FAIL, "ttft.p95 <= 100ms", ttft(590, 612, 640),
        "ttft.p95 = 637 ms [612, ?] > budget 100 ms: FAIL");
  }

  @Test
  void passNeedsTheUpperBoundWithinTheBudget() {
    // n = 59: the one-sided 95% upper bound on p95 is X(59) = 59 ms
    ConstraintResult r = judged(Verdict.PASS, "ttft.p95 < 60ms", ramp(59),
        "ttft.p95 = 56.1 ms [53, 59] < budget 60 ms: PASS");
    assertThat(r.bounds().upper()).isEqualTo(59.0);
  }

  @Test
  void tooFewRequestsForAnUpperBoundIsInconclusiveAndSaysWhatWouldSettleIt() {
    judged(Verdict.INCONCLUSIVE, "ttft.p95 < 1000ms", ramp(58),
        "ttft.p95 = 55.2 ms [52, ?] vs budget 1000 ms: INCONCLUSIVE: 59 requests are needed to show p95 below the budget"
            + " (a PASS) at 95%; 58 measured");
  }

  @Test
  void anObservedFigureBeyondTheBudgetSaysWhatWouldShowAFail() {
    // "p95 above 1 s" observed at 5.5 ms: it is beyond, and only an upper bound below 1 s would show the FAIL
    judged(Verdict.INCONCLUSIVE, "ttft.p95 > 1000ms", ramp(10),
        "ttft.p95 = 9.55 ms [8, ?] vs budget 1000 ms: INCONCLUSIVE: 59 requests are needed to show p95 below the budget"
            + " (a FAIL) at 95%; 10 measured");
  }

  @Test
  void anIntervalAcrossTheBudgetIsInconclusive() {
    // n = 100 median: one-sided bounds X(42) and X(59)
    ConstraintResult r = judge("ttft.p50 <= 50ms", ramp(100));
    assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(r.message()).startsWith("ttft.p50 = 50.5 ms [42, 59] vs budget 50 ms: INCONCLUSIVE: the 95% interval straddles");
    assertThat(judge("ttft.p50 <= 60ms", ramp(100)).verdict()).isEqualTo(Verdict.PASS);
    assertThat(judge("ttft.p50 <= 41ms", ramp(100)).verdict()).isEqualTo(Verdict.FAIL);
  }

  @Test
  void aLowerBudgetMirrors() {
    assertThat(judge("ttft.p50 > 41ms", ramp(100)).verdict()).isEqualTo(Verdict.PASS);
    assertThat(judge("ttft.p50 > 59ms", ramp(100)).verdict()).isEqualTo(Verdict.FAIL);
    assertThat(judge("ttft.p50 > 50ms", ramp(100)).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    // a lower bound on p95 needs only one value, a FAIL of "p95 > x" needs the upper end
    assertThat(judge("ttft.p95 > 1ms", ttft(5, 6)).message()).contains("[5, ?]").endsWith(": PASS");
  }

  @Test
  void meanIsJudgedOnTheTInterval() {
    // 1..5 ms: mean 3, one-sided 95% t bounds 3 -/+ 2.131847 * 0.707107 = [1.49, 4.51]
    judged(Verdict.PASS, "ttft.mean < 5ms", ttft(1, 2, 3, 4, 5),
        "ttft.mean = 3 ms [1.49, 4.51] < budget 5 ms: PASS");
    assertThat(judge("ttft.mean < 4ms", ttft(1, 2, 3, 4, 5)).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void figuresAndBudgetsAreShownInTheMetricsDisplayUnitWhateverUnitTheBudgetWasWrittenIn() {
    // 78..86 ms against "2s" and "0.05s": the console's columns are in ms, so is every figure of the message
    Map<Metric, MetricSample> fast = ttft(78, 79, 80, 81, 82, 83, 84, 85, 86);
    judged(Verdict.PASS, "ttft.p50 <= 2s", fast, "ttft.p50 = 82 ms [79, 85] <= budget 2000 ms: PASS");
    judged(Verdict.FAIL, "ttft.p50 < 0.05s", fast, "ttft.p50 = 82 ms [79, 85] >= budget 50 ms: FAIL");
    ConstraintResult undecided = judge("ttft.p50 > 1500us", Map.of(Metric.TTFT, MetricSample.perRequest(List.of())));
    assertThat(undecided.message()).contains("against budget 1.5 ms: INCONCLUSIVE");
    assertThat(Judge.judgeFigure(ConstraintParser.parse("throughput > 10 tok/s"), 12.5).message())
        .isEqualTo("throughput = 12.5 tok/s > budget 10 tok/s: PASS");
    // what a failed test reports as "actual" reads the same way
    assertThat(judge("ttft.p50 < 0.05s", fast).observedText()).isEqualTo("ttft.p50 = 82 ms");
  }

  @Test
  void minAndMaxAreJudgedOnTheObservedSample() {
    assertThat(judge("ttft.max <= 10ms", ttft(10)).verdict()).isEqualTo(Verdict.PASS);
    assertThat(judge("ttft.max < 10ms", ttft(10)).verdict()).isEqualTo(Verdict.FAIL);
    assertThat(judge("ttft.max < 10ms", ttft(10)).message()).isEqualTo("ttft.max = 10 ms >= budget 10 ms: FAIL");
  }

  @Test
  void nothingToJudgeIsInconclusiveNotPass() {
    ConstraintResult r = judge("ttft.p95 <= 1s", Map.of(Metric.TTFT, MetricSample.perRequest(List.of())));
    assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(r.observed()).isNaN();
  }
}
