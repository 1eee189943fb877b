package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.llmh.console.ConsoleSummary;
import dev.llmh.it.fixtures.InconclusiveScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An undecided case: aborted by default, failed or passed as llmh.inconclusive says; intervals recorded. */
class InconclusiveVerdictTest {
  private static final String REASON =
      "ttft\\.p95 = 1\\d\\d ms \\[1\\d\\d, \\?\\] vs budget 5000 ms: INCONCLUSIVE: 59 requests are needed to show p95 below"
          + " the budget \\(a PASS\\) at 95%; 5 measured";

  @Test
  void inconclusiveIsSkippedByDefaultFailedOrPassedOnRequest(@TempDir Path results) {
    SimulatorSettings settings =
        SimulatorSettings.defaults().withSlots(2).withInstantPrefill().withFirstTokenDelay(Duration.ofMillis(150))
            .withDecodeTokensPerSecond(1000);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineRun skipped = EngineRun.watched(server.baseUrl(), results.resolve("skip"), InconclusiveScenarios.TooFewForP95.class);
      skipped.results().testEvents().assertStatistics(stats -> stats.started(1).aborted(1));
      skipped.results().testEvents().assertThatEvents().haveExactly(1,
          event(test("TooFewForP95"), abortedWithReason(message(m -> m.matches(REASON)))));

      CaseResult result = skipped.record().results().get(0);
      assertThat(result.constraints()).singleElement().satisfies(c -> assertThat(c.verdict()).isEqualTo("INCONCLUSIVE"));
      MetricSummary ttft = result.metrics().get(CaseResult.TTFT);
      assertThat(ttft.ci().level()).isEqualTo(0.95);
      // 5 values: a two-sided 95% interval for p95 has a lower end (X(4)) but no upper one (needs 72)
      assertThat(ttft.ci().p95().get(1)).isNull();
      assertThat(ttft.ci().p95().get(0)).isNotNull();
      assertThat(ttft.ci().mean()).doesNotContainNull();

      // the build stays green, so the run ends saying what went undecided and how to decide it
      assertThat(skipped.console()).endsWith("LLMH undecided: 1 budget INCONCLUSIVE in 1 case (1 needs more requests"
          + " (@Measurement(requests), or maxRequests when adaptive) or the figure their reason names); they leave the build"
          + " green: -Dllmh.inconclusive=fail makes such a case fail\n");

      EngineRun failed = EngineRun.watched(Map.of("llmh.endpoint", server.baseUrl(), "llmh.inconclusive", "fail"),
          results.resolve("fail"), InconclusiveScenarios.TooFewForP95.class);
      failed.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      failed.results().testEvents().assertThatEvents().haveExactly(1,
          event(test("TooFewForP95"), finishedWithFailure(message(m -> m.contains("(llmh.inconclusive=fail)")))));

      EngineRun passed = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.inconclusive", "pass"),
          results.resolve("pass"), InconclusiveScenarios.TooFewForP95.class);
      passed.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      assertThat(failed.console()).contains("LLMH undecided: 1 budget").doesNotContain("they leave the build green");

      // The record, the console and Surefire agree under every llmh.inconclusive value.
      for (var run : Map.of("skipped", skipped, "failed", failed, "passed", passed).entrySet()) {
        CaseResult recorded = run.getValue().record().results().get(0);
        assertThat(recorded.verdict()).isEqualTo("INCONCLUSIVE");
        assertThat(recorded.reportedAs()).isEqualTo(run.getKey());
        assertThat(recorded.verdictReasons()).singleElement().asString().matches(REASON);
        assertThat(ConsoleSummary.runTable(List.of(recorded))).contains("INCONCLUSIVE (" + run.getKey() + ")");
      }
    }
  }
}
