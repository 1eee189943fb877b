package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.constraint.SampleSizes;
import dev.llmh.it.fixtures.AdaptiveScenarios;
import dev.llmh.plan.Looks;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On the simulated server a clear case stops at the first planned look; an undecided one goes on. */
class AdaptiveMeasurementTest {

  @Test
  void aClearCaseStopsEarlyAndAnUndecidedOneMeasuresOn(@TempDir Path results) throws Exception {
    try (SimulatedServer server = server()) {
      Path baseline = results.resolve("baseline.json");
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.saveBaseline", baseline.toString()), results,
          AdaptiveScenarios.ClearPass.class, AdaptiveScenarios.ClearFail.class, AdaptiveScenarios.NeedsMore.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(3).succeeded(2).failed(1));

      CaseResult pass = result(run, "ClearPass");
      assertThat(pass.requests().measured()).isEqualTo(10);
      assertThat(pass.samples()).hasSize(10);
      assertThat(pass.constraints()).singleElement().satisfies(c -> assertThat(c.verdict()).isEqualTo("PASS"));
      assertThat(pass.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).startsWith(
          "adaptive measurement: 10 requests (planned looks [10, 20, 40, 80, 160], stopped at look 1, every constraint decided)"));

      CaseResult fail = result(run, "ClearFail");
      assertThat(fail.requests().measured()).isEqualTo(10);
      assertThat(fail.constraints()).singleElement().satisfies(c -> assertThat(c.verdict()).isEqualTo("FAIL"));

      // p95 needs 0.95^n <= 0.01, n >= 90: the first look that can PASS is 160, which is also the
      // ceiling the budget gives a case that declares none (budgets decide by default)
      CaseResult more = result(run, "NeedsMore");
      assertThat(more.requests().measured()).isEqualTo(160);
      assertThat(more.samples()).hasSize(160);
      assertThat(more.constraints()).singleElement().satisfies(c -> assertThat(c.verdict()).isEqualTo("PASS"));

      // The saved baseline holds each case once, with its final sample, not one entry per look.
      JsonNode cases = new ObjectMapper().readTree(baseline.toFile()).get("cases");
      assertThat(cases).hasSize(3);
      assertThat(cases).extracting(c -> c.get("key").get("scenario").asText().replaceAll(".*\\$", ""),
              c -> c.get("samples").get("ttft_ms").size())
          .containsExactlyInAnyOrder(tuple("ClearPass", 10), tuple("ClearFail", 10), tuple("NeedsMore", 160));
    }
  }

  /**
   * One budget's FAIL decides the case's verdict, not the other budgets: the measurement goes on until
   * each is decided or the ceiling, and its note says which were decided and which not. The count it
   * stops at is the first planned look at or above what the p95's message says is needed.
   */
  @Test
  void aFailingBudgetDoesNotStopTheLooksWhileAnotherIsUndecided(@TempDir Path results) throws Exception {
    try (SimulatedServer server = server()) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl()), results,
          AdaptiveScenarios.FailAndUndecided.class, AdaptiveScenarios.FailAndUndecidedAtTheCeiling.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(2).failed(2));

      CaseResult all = result(run, "FailAndUndecided");
      int needed = SampleSizes.forUpper(0.95, 0.05 / 5); // 90: each of the 5 looks at 99%
      int stop = Looks.plan(10, 160, 0.95).points().stream().filter(p -> p >= needed).findFirst().orElseThrow();
      assertThat(stop).isEqualTo(160);
      assertThat(all.requests().measured()).isEqualTo(stop);
      assertThat(all.constraints()).extracting(c -> c.verdict()).containsExactly("FAIL", "PASS");
      assertThat(all.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).startsWith(
          "adaptive measurement: 160 requests (planned looks [10, 20, 40, 80, 160], stopped at look 5, every constraint decided)"));

      CaseResult capped = result(run, "FailAndUndecidedAtTheCeiling");
      int neededThere = SampleSizes.forUpper(0.95, 0.05 / 3); // 80: looks [10, 20, 40] at 98.33%
      assertThat(capped.requests().measured()).isEqualTo(40);
      assertThat(capped.constraints()).extracting(c -> c.verdict()).containsExactly("FAIL", "INCONCLUSIVE");
      assertThat(capped.constraints().get(1).message()).contains(neededThere + " requests are needed to show p95 below"
          + " the budget (a PASS)").contains("40 measured");
      assertThat(capped.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).startsWith(
          "adaptive measurement: 40 requests (planned looks [10, 20, 40], stopped at look 3, maxRequests reached;"
              + " decided: ttft.p50 FAIL; undecided: ttft.p95)"));
    }
  }

  /**
   * TTFT 50 ms on two slots, a tenth of the passing budgets and over three times the failing one;
   * decode fast enough not to matter.
   */
  private static SimulatedServer server() {
    return SimulatedServer.start(SimulatorSettings.defaults().withSlots(2).withInstantPrefill()
        .withFirstTokenDelay(Duration.ofMillis(50)).withDecodeTokensPerSecond(1000));
  }

  private static CaseResult result(EngineRun run, String scenario) {
    return run.record().results().stream().filter(r -> r.scenario().endsWith(scenario)).findFirst().orElseThrow();
  }
}
