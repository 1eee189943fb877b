package dev.llmh.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Metric;
import dev.llmh.stats.Summary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JudgeTest {
  private static Map<Metric, Summary> ttft(double... values) {
    return Map.of(Metric.TTFT, Summary.of(values));
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
  void failMessageHasThePinnedFormat() {
    ConstraintResult r = Judge.judge(ConstraintParser.parse("ttft.p95 <= 100ms"), ttft(612, 612, 612));
    assertThat(r.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(r.message()).isEqualTo("ttft.p95 = 612 ms > budget 100 ms: FAIL");
    assertThat(r.observed()).isEqualTo(612.0);
  }

  @Test
  void passMessageShowsTheHeldComparisonInTheBudgetUnit() {
    ConstraintResult r = Judge.judge(ConstraintParser.parse("ttft.p50 < 2s"), ttft(1000, 1100, 1200));
    assertThat(r.verdict()).isEqualTo(Verdict.PASS);
    assertThat(r.message()).isEqualTo("ttft.p50 = 1.1 s < budget 2 s: PASS");
  }

  @Test
  void boundaryFollowsTheOperator() {
    assertThat(Judge.judge(ConstraintParser.parse("ttft.max <= 10ms"), ttft(10)).verdict()).isEqualTo(Verdict.PASS);
    assertThat(Judge.judge(ConstraintParser.parse("ttft.max < 10ms"), ttft(10)).verdict()).isEqualTo(Verdict.FAIL);
    assertThat(Judge.judge(ConstraintParser.parse("ttft.max < 10ms"), ttft(10)).message()).contains(">= budget 10 ms");
  }

  @Test
  void nothingToJudgeIsInconclusiveNotPass() {
    ConstraintResult r = Judge.judge(ConstraintParser.parse("ttft.p95 <= 1s"), Map.of(Metric.TTFT, Summary.of(List.of())));
    assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(r.observed()).isNaN();
  }
}
