package dev.llmh.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Config;
import dev.llmh.feature.RanCase;
import dev.llmh.feature.RunFeature;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.Planner;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import dev.llmh.result.fixtures.CaseResults;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Run features join the run through their hooks alone: the engine asks them in registration order,
 * a case passes through them in that order, one held by a feature reaches the features after it only
 * when released (and as amended), and the record takes each feature's part.
 */
class RunFeatureHooksTest {
  private final List<String> calls = new ArrayList<>();

  /** Writes down every hook called; skips the cases named {@code skipping}. */
  private class Watching implements RunFeature {
    final String name;
    final String skipping;

    Watching(String name, String skipping) {
      this.name = name;
      this.skipping = skipping;
    }

    @Override
    public void scenario(List<CasePlan> plans) {
      calls.add(name + " learns " + plans.size());
    }

    @Override
    public Optional<String> skip(CasePlan plan) {
      calls.add(name + " asked of " + plan.prompt().name());
      return plan.prompt().name().equals(skipping) ? Optional.of(name + " skips " + skipping) : Optional.empty();
    }

    @Override
    public List<RanCase> ran(RanCase ran) {
      calls.add(name + " takes " + ran.plan().prompt().name() + " " + ran.result().verdict());
      return List.of(ran);
    }

    @Override
    public List<RanCase> gone(CasePlan plan) {
      calls.add(name + " told " + plan.prompt().name() + " is gone");
      return List.of();
    }

    @Override
    public void finish(Path directory, String runName) {
      calls.add(name + " finishes " + runName);
    }

    @Override
    public void record(List<CasePlan> plans, List<CaseResult> results, RunRecord.Builder record) {
      calls.add(name + " records " + results.size());
    }
  }

  /** Holds every case until another case is gone or the scenario ends, then passes it on amended (FAIL). */
  private class Holding extends Watching {
    final List<RanCase> held = new ArrayList<>();

    Holding() {
      super("holder", null);
    }

    @Override
    public List<RanCase> ran(RanCase ran) {
      super.ran(ran);
      held.add(ran);
      return List.of();
    }

    @Override
    public List<RanCase> gone(CasePlan plan) {
      super.gone(plan);
      return release();
    }

    @Override
    public List<RanCase> scenarioEnded(boolean complete) {
      calls.add(name + " ends the scenario");
      return release();
    }

    private List<RanCase> release() {
      List<RanCase> released = held.stream()
          .map(r -> r.with(r.result().toBuilder().verdict("FAIL", List.of("held"), "failed").build(), r.analysis())).toList();
      held.clear();
      return released;
    }
  }

  private static List<CasePlan> plans() {
    DeclaredSettings declared = DeclaredSettings.builder().measuredRequests(2).build();
    ScenarioRunner runner = new ScenarioRunner() {
      public String scenarioClassName() { return "com.example.Watched"; }
      public List<PromptDeclaration> prompts() {
        return List.of("a", "b", "c").stream().map(n -> new PromptDeclaration(n, n, false, declared, null)).toList();
      }
      public List<ParamDeclaration> params() { return List.of(); }
      public String prompt(String name, Map<String, String> values) { return name; }
    };
    return Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of()));
  }

  private static RanCase ran(CasePlan plan) {
    return new RanCase(plan, CaseResults.passing().identity(plan.scenarioClassName(), plan.prompt().name(), plan.caseId(), Map.of())
        .build(), null, null);
  }

  @Test
  void aCasePassesThroughTheFeaturesInOrderAndAHeldOneOnlyOnceReleased() {
    List<CasePlan> plans = plans();
    RunFeatures features = new RunFeatures(List.of(new Watching("first", "c"), new Holding(), new Watching("last", null)));

    features.scenario(plans);
    assertThat(features.skip(plans.get(0))).isEmpty();
    assertThat(features.ran(ran(plans.get(0)))).isEmpty(); // held
    assertThat(features.skip(plans.get(2))).contains("first skips c");
    List<RanCase> released = features.gone(plans.get(2));
    assertThat(released).singleElement().satisfies(r -> {
      assertThat(r.plan()).isSameAs(plans.get(0));
      assertThat(r.result().verdict()).isEqualTo("FAIL");
    });
    assertThat(features.ran(ran(plans.get(1)))).isEmpty();
    assertThat(features.scenarioEnded(true)).extracting(r -> r.plan().prompt().name()).containsExactly("b");
    features.finish(Path.of("."), "run-1");
    features.record(plans, List.of(), RunRecord.builder());

    assertThat(calls).containsExactly(
        "first learns 3", "holder learns 3", "last learns 3",
        "first asked of a", "holder asked of a", "last asked of a",
        "first takes a PASS", "holder takes a PASS",
        "first asked of c", // the first reason is the case's: the others are not asked
        "first told c is gone", "holder told c is gone", "last takes a FAIL", "last told c is gone",
        "first takes b PASS", "holder takes b PASS",
        "holder ends the scenario", "last takes b FAIL",
        "first finishes run-1", "holder finishes run-1", "last finishes run-1",
        "first records 0", "holder records 0", "last records 0");
  }

  @Test
  void theRecordTakesEachFeaturesPart() {
    RunFeature fits = new RunFeature() {
      @Override
      public void record(List<CasePlan> plans, List<CaseResult> results, RunRecord.Builder record) {
        record.saturation(List.of(new dev.llmh.result.SaturationRecord("com.example.Watched", "a", null, 0.05, List.of(), List.of(), null, "watched", "last_step")));
      }
    };
    RunRecord.Builder record = RunRecord.builder().results(List.of());
    new RunFeatures(List.of(fits)).record(plans(), List.of(), record);

    RunRecord built = record.build();
    assertThat(built.saturation()).hasSize(1);
    assertThat(built.fits()).isEmpty();
    assertThat(built.schemaVersion()).isEqualTo(RunRecord.SCHEMA_VERSION);
  }
}
