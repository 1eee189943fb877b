package dev.llmh.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Config;
import dev.llmh.feature.RanCase;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.Planner;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.fixtures.CaseResults;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.SaturationDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The samples' {@code Saturation} search (1 → 4, minGain 5%) as the engine runs its steps, judged on
 * the steps' throughput intervals: the step at 4 is skipped, saying why, when 1 → 2 gained clearly
 * under 5% (+0.8% on a steady stream, whose interval is narrow), and runs when the gain reaches 5%,
 * or when the gain cannot be bounded at all (no chunk times recorded): an undecided gain is no knee.
 */
class SaturationSearchesTest {
  private static List<CasePlan> steps() {
    DeclaredSettings declared = DeclaredSettings.builder().measuredRequests(8)
        .saturationSearch(SaturationDeclaration.of(1, 4, 0.05)).build();
    ScenarioRunner runner = new ScenarioRunner() {
      public String scenarioClassName() { return "dev.llmh.samples.Saturation"; }
      public List<PromptDeclaration> prompts() { return List.of(new PromptDeclaration("question", "question", false, declared, null)); }
      public List<ParamDeclaration> params() { return List.of(); }
      public String prompt(String name, Map<String, String> values) { return name; }
    };
    return Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of()));
  }

  /** Eight requests one after another, each streaming a chunk every 10 ms: the same output in every bin of the span. */
  private static List<SampleRecord> steadyStream() {
    List<Double> chunks = java.util.stream.IntStream.rangeClosed(1, 10).mapToObj(k -> 10.0 * k - 5).toList();
    return java.util.stream.IntStream.range(0, 8).mapToObj(i -> SampleRecord.builder().times(100.0 * i, 10.0, 10.0, 100.0, 100.0).chunkMs(chunks).tokens(5, 10).finishReason("length").flags(List.of()).build()).toList();
  }

  private static CaseResult ran(CasePlan plan, double tokS) {
    return ran(plan, tokS, steadyStream());
  }

  private static CaseResult ran(CasePlan plan, double tokS, List<SampleRecord> samples) {
    MetricSummary ttft = new MetricSummary(8, 1500.0, 0.0, 1500.0, 1500.0, 1500.0, 1500.0, 1500.0, 1500.0, null);
    return CaseResults.passing()
        .identity(plan.scenarioClassName(), "question", plan.caseId(), Map.of("concurrency", plan.requests().concurrency()))
        .requests(new CaseResult.Requests(2, 0, 8, 8, 0, 0, 0, null))
        .metrics(Map.of(CaseResult.TTFT, ttft))
        .throughput(new CaseResult.Throughput(tokS, 1.0, 1000.0))
        .samples(samples)
        .build();
  }

  private static Optional<String> stepAtFour(double tokSAtOne, double tokSAtTwo) {
    List<CasePlan> plans = steps();
    assertThat(plans).extracting(p -> p.requests().concurrency()).containsExactly(1, 2, 4);
    SaturationSearches searches = new SaturationSearches();
    assertThat(searches.skip(plans.get(0))).isEmpty();
    searches.ran(new RanCase(plans.get(0), ran(plans.get(0), tokSAtOne), null, null));
    assertThat(searches.skip(plans.get(1))).isEmpty();
    searches.ran(new RanCase(plans.get(1), ran(plans.get(1), tokSAtTwo), null, null));
    return searches.skip(plans.get(2));
  }

  @Test
  void theStepAtFourIsNotRunWhenOneToTwoGainedUnderFivePercent() {
    assertThat(stepAtFour(9.19, 9.26)).contains(
        "not run: the saturation search stopped (output tok/s gained +0.8% [+0.8%, +0.8%] (less than 5%) from concurrency 1 to 2)");
  }

  @Test
  void theStepAtFourRunsWhenTheMeasuredGainReachesFivePercent() {
    assertThat(stepAtFour(9.19, 9.70)).isEmpty(); // +5.5%
  }

  @Test
  void theStepAtFourRunsWhenTheGainCannotBeBounded() {
    List<CasePlan> plans = steps();
    SaturationSearches searches = new SaturationSearches();
    searches.ran(new RanCase(plans.get(0), ran(plans.get(0), 9.19, List.of()), null, null));
    searches.ran(new RanCase(plans.get(1), ran(plans.get(1), 9.26, List.of()), null, null));
    assertThat(searches.skip(plans.get(2))).isEmpty();
  }
}
