package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.annotations.CheckResult;
import dev.llmh.check.CheckedRequests;
import dev.llmh.check.ChecksFeature;
import dev.llmh.check.AnswerChecks;
import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestSample;
import dev.llmh.runner.CheckDeclaration;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@code success_rate} against answers of known validity counted by hand, and its constraint judged
 * on Clopper–Pearson bounds: the one-sided 95% lower bound for n of n is 0.05^(1/n), the upper
 * bound for x of n the beta quantile (scipy.stats.beta.ppf(0.95, x + 1, n − x)).
 */
class SuccessRateTest {
  private static final long MS = 1_000_000;

  /** {@code @ExpectJson(requiredKeys = "name")} and {@code @Check boolean careful(String)}, which throws on "boom". */
  private static final class Runner implements ScenarioRunner {
    @Override public String scenarioClassName() { return "demo.Json"; }
    @Override public List<PromptDeclaration> prompts() { return List.of(); }
    @Override public List<ParamDeclaration> params() { return List.of(); }
    @Override public String prompt(String promptName, Map<String, String> paramValues) { return "x"; }
    @Override public List<CheckDeclaration> checks() {
      return List.of(CheckDeclaration.json(List.of("name")), CheckDeclaration.method("careful"));
    }
    @Override public CheckResult check(String name, Map<String, String> paramValues, String prompt, String answer) {
      if (answer.contains("boom")) {
        throw new IllegalStateException("boom");
      }
      return CheckResult.pass();
    }
  }

  private static final AnswerChecks CHECKS = AnswerChecks.of(new Runner(), Map.of());

  /** A request that answered {@code answer}, checked as the case's worker checks it. */
  private static RequestSample answered(int i, String answer) {
    RequestSample sample = RequestSample.builder(i * 1000 * MS, List.of((i * 1000 + 100) * MS, (i * 1000 + 140) * MS), (i * 1000 + 140) * MS)
        .promptTokens(10).usageOutputTokens(2).finishReason("stop").servedModel("m")
        .firstAnswerNanos((i * 1000 + 100) * MS).maxTokens(128).textBytes(answer.length()).answer(answer).build();
    return sample.withChecks(CHECKS.run("q", sample.text().answer(), List.of()));
  }

  private static RequestSample failed(int i) {
    return RequestSample.builder(i * 1000 * MS, List.of(), (i * 1000 + 10) * MS).error("HTTP 500: boom").build();
  }

  /**
   * Ten requests: #1, #2, #4, #6, #9 valid (five); #3 lacks the key, #5 is truncated, #7 is fenced,
   * #8 makes the check method throw, #10 failed. Five of ten passed every check.
   */
  private static List<RequestSample> ten() {
    return List.of(
        answered(0, "{\"name\": \"a\"}"), answered(1, "{\"name\": \"b\", \"year\": 1}"), answered(2, "{\"title\": \"c\"}"),
        answered(3, " {\"name\": \"d\"}\n"), answered(4, "{\"name\": \"e"), answered(5, "{\"name\": 5}"),
        answered(6, "```json\n{\"name\": \"g\"}\n```"), answered(7, "{\"name\": \"boom\"}"), answered(8, "{\"name\": \"i\"}"),
        failed(9));
  }

  private static CaseAnalysis analyze(List<RequestSample> samples, List<String> checks, String... constraints) {
    return OneFeatureAnalysis.analyze(samples, m -> ChecksFeature.Found.of(checks, m), List.of(constraints));
  }

  @Test
  void countsAnswersThatPassedEveryCheckByHand() {
    CaseAnalysis analysis = analyze(ten(), CHECKS.names(), "error_rate <= 20%");
    CheckedRequests checked = analysis.findings(ChecksFeature.Found.class).checked();
    assertThat(checked.counted()).isEqualTo(10);
    assertThat(checked.passed()).isEqualTo(5);
    // the failed request's answer is not checked: it counts against the rate, against no check
    assertThat(checked.failedBy()).containsExactly(Map.entry("ExpectJson", 3), Map.entry("careful", 1));
    assertThat(analysis.figures().get(Metric.SUCCESS_RATE)).isEqualTo(50.0);
    assertThat(ten().get(7).checks().get(1).reason()).isEqualTo("threw java.lang.IllegalStateException: boom");
    assertThat(ten().get(9).checks()).isNull();
  }

  @Test
  void aBudgetIsJudgedOnTheClopperPearsonBounds() {
    // 5 of 10: the upper bound, 0.7775, is below 95%: FAIL
    ConstraintResult fail = analyze(ten(), CHECKS.names(), "success_rate >= 95%", "error_rate <= 20%").constraints().get(0);
    assertThat(fail.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(fail.bounds().upper()).isCloseTo(77.75, org.assertj.core.data.Offset.offset(0.01));
    assertThat(fail.message()).startsWith("success_rate = 50 % [")
        .contains("(5 of 10 requests passed every check) < budget 95 %: FAIL");

    // 8 of 8 valid: 100%, but the lower bound 0.05^(1/8) = 68.8% does not show 95%: INCONCLUSIVE
    List<RequestSample> eight = IntStream.range(0, 8).mapToObj(i -> answered(i, "{\"name\": " + i + "}")).toList();
    ConstraintResult unsure = analyze(eight, CHECKS.names(), "success_rate >= 95%").constraints().get(0);
    assertThat(unsure.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(unsure.bounds().lower()).isCloseTo(100 * Math.pow(0.05, 1.0 / 8), org.assertj.core.data.Offset.offset(1e-6));

    // 60 of 60: the lower bound 0.05^(1/60) = 95.1% shows it: PASS; one failed request more and it no longer does
    List<RequestSample> sixty = new ArrayList<>(IntStream.range(0, 60).mapToObj(i -> answered(i, "{\"name\": " + i + "}")).toList());
    assertThat(analyze(sixty, CHECKS.names(), "success_rate >= 95%").constraints().get(0).verdict()).isEqualTo(Verdict.PASS);
    sixty.add(failed(60));
    assertThat(analyze(sixty, CHECKS.names(), "success_rate >= 95%", "error_rate <= 5%").constraints().get(0).verdict())
        .isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void withoutACheckTheRateIsNotMeasuredNeverZero() {
    CaseAnalysis analysis = analyze(ten(), List.of(), "success_rate >= 95%", "error_rate <= 20%");
    assertThat(analysis.figures().get(Metric.SUCCESS_RATE)).isNull();
    assertThat(analysis.findings(ChecksFeature.Found.class).checked().notMeasured()).isEqualTo(CheckedRequests.NO_CHECK);
    assertThat(analysis.constraints().get(0).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(analysis.constraints().get(0).message()).contains("not measured (no check declared");
  }
}
