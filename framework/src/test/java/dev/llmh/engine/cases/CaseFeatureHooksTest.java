package dev.llmh.engine.cases;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.baseline.Baselines;
import dev.llmh.config.Config;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.MadePrompt;
import dev.llmh.feature.PreparedCase;
import dev.llmh.feature.PromptProbe;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.Planner;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Findings;
import dev.llmh.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A feature joins a case through its hooks alone, against the simulator: the engine calls each in
 * its order, sends the prompt it makes, hands it every measured request once, and takes its flags,
 * warnings and safeguards into the verdict and the record without naming it.
 */
class CaseFeatureHooksTest {
  private static final int WARMUP = 2;
  private static final int MEASURED = 8;

  private static final String MADE = "Say hi, made by the watcher";

  /** Records what the engine called, makes the case's prompt, flags every request, and takes back every passing budget. */
  static final class Watching implements CaseFeature {
    final List<String> calls = new ArrayList<>();
    final AtomicInteger observed = new AtomicInteger();
    final Refused refusal;

    Watching(Refused refusal) {
      this.refusal = refusal;
    }

    @Override
    public Part<Found> part(CasePlan plan) {
      return new Part<>() {
        @Override
        public MadePrompt prompt(PromptProbe probe) {
          RequestSample probed = probe.send().apply("probe");
          calls.add("prompt, probe " + (probed.succeeded() ? "answered" : probed.error()));
          return new MadePrompt(MADE, "the watcher's prompt");
        }

        @Override
        public void prepare(PreparedCase prepared) throws Refused {
          calls.add("prepare " + prepared.model() + ": " + prepared.prompt());
          if (refusal != null) {
            throw refusal;
          }
        }

        @Override
        public void measuring(List<RequestSample> warmup) {
          calls.add("measuring after " + warmup.size());
        }

        @Override
        public RequestSample observe(dev.llmh.client.ChatRequest request, RequestSample sample) {
          observed.incrementAndGet();
          return sample;
        }

        @Override
        public List<String> flags(RequestSample sample) {
          return List.of("watched");
        }

        @Override
        public Found findings(MeasuredCase measured) {
          calls.add("findings of " + measured.measured().size());
          return new Found(measured.measured().size());
        }

        @Override
        public void record(Found found, CaseResult.Builder record) {
          calls.add("record " + found.requests());
        }

        @Override
        public void recordUnmeasured(CaseResult.Builder record) {
          calls.add("record unmeasured");
        }

        @Override
        public void close() {
          calls.add("close");
        }
      };
    }

    record Found(int requests) implements Findings {
      @Override
      public List<String> warnings() {
        return List.of("watched " + requests + " requests");
      }

      @Override
      public ConstraintResult safeguard(ConstraintResult result) {
        return result.verdict() != Verdict.PASS ? result
            : new ConstraintResult(result.expression(), result.observed(), Verdict.INCONCLUSIVE, "taken back by the watcher",
                result.bounds());
      }
    }
  }

  private static CaseOutcome run(Watching feature) throws InterruptedException {
    // no client warm-up: these runs check which hooks are called, not timing
    Map<String, String> keys = Map.of("llmh.endpoint", "simulated", "llmh.clientWarmup", "0");
    Config config = Config.read(key -> Optional.ofNullable(keys.get(key)), Map.of());
    DeclaredSettings settings = DeclaredSettings.builder().model("m").warmupRequests(WARMUP).measuredRequests(MEASURED).maxRequests(MEASURED)
        .maxTokens(8).constraints(List.of("ttft.p50 <= 60s")).build();
    ScenarioRunner runner = new ScenarioRunner() {
      public String scenarioClassName() { return "com.example.Watched"; }
      public List<PromptDeclaration> prompts() { return List.of(new PromptDeclaration("hello", "hello", false, settings, null)); }
      public List<dev.llmh.runner.ParamDeclaration> params() { return List.of(); }
      public String prompt(String name, Map<String, String> values) { return "Say hello"; }
    };
    CasePlan plan = Planner.plan(runner, config).get(0);
    try (Endpoints endpoints = new Endpoints(config, phase -> {})) {
      CaseExecutor executor = new CaseExecutor(endpoints, (p, i, s, start) -> {}, Baselines.NONE, List.of(feature));
      return executor.run(plan);
    }
  }

  @Test
  void everyHookIsCalledInOrderAndItsFindingsReachTheVerdictAndTheRecord() throws Exception {
    Watching watching = new Watching(null);
    CaseOutcome outcome = run(watching);
    CaseResult result = outcome.result();

    assertThat(watching.observed).hasValue(MEASURED); // measured requests only, each once
    assertThat(watching.calls).containsExactly("prompt, probe answered", "prepare m: " + MADE,
        "measuring after " + WARMUP, "findings of " + MEASURED, "record " + MEASURED, "close");
    // the made prompt is what every measured request asked, and its identity what a baseline knows it by
    assertThat(outcome.answered()).hasSize(MEASURED).allSatisfy(a -> assertThat(a.prompt()).isEqualTo(MADE));
    assertThat(result.section(Section.PROMPT_HASH)).isEqualTo(Baselines.promptHash("the watcher's prompt"));
    assertThat(result.samples()).hasSize(MEASURED).allSatisfy(s -> assertThat(s.flags()).contains("watched"));
    assertThat(result.section(Section.WARNINGS)).contains("watched " + MEASURED + " requests");
    assertThat(result.constraints()).singleElement().satisfies(c -> {
      assertThat(c.verdict()).isEqualTo("INCONCLUSIVE");
      assertThat(c.message()).isEqualTo("taken back by the watcher");
    });
    assertThat(result.verdict()).isEqualTo("INCONCLUSIVE");
  }

  @Test
  void aFeatureThatRefusesTheCaseLeavesItNotRunWithItsReasonAndNothingSent() throws Exception {
    Watching refusing = new Watching(new CaseFeature.Refused("the watcher needs a GPU"));
    CaseResult result = run(refusing).result();

    assertThat(result.verdict()).isEqualTo("NOT_RUN");
    assertThat(result.section(Section.ERROR)).isEqualTo("the watcher needs a GPU");
    assertThat(result.requests().measured()).isZero();
    assertThat(refusing.observed).hasValue(0);
    assertThat(refusing.calls).containsExactly("prompt, probe answered", "prepare m: " + MADE, "record unmeasured", "close");
  }

  @Test
  void aRefusalThatFailsTheCaseIsAFailWithItsReason() throws Exception {
    Watching failing = new Watching(CaseFeature.Refused.failing("the server truncates the watcher's prompt"));
    CaseResult result = run(failing).result();

    assertThat(result.verdict()).isEqualTo("FAIL");
    assertThat(result.section(Section.ERROR)).isEqualTo("the server truncates the watcher's prompt");
    assertThat(result.requests().measured()).isZero();
    assertThat(failing.observed).hasValue(0);
  }
}
