package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.BudgetScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.sim.SimulatedServer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A budget below what the server delivers fails the case with the pinned message; a raised one
 * passes. Five requests: the fewest whose one-sided 95% order-statistic bounds exist for p50
 * (0.5^5 = 0.031 <= 0.05).
 */
class BudgetVerdictTest {

  @Test
  void aTtftBudgetBelowTheServersFailsAndARaisedOnePasses(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(2, 150, 100))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, BudgetScenarios.TightBudget.class, BudgetScenarios.RaisedBudget.class);

      run.results().testEvents().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
      run.assertBudgetExceeded("TightBudget", m -> m.matches("ttft\\.p50 = \\d+ ms \\[\\d+, \\d+\\] > budget 100 ms: FAIL"));

      CaseResult tight = run.record().results().stream().filter(r -> r.scenario().endsWith("TightBudget")).findFirst().orElseThrow();
      assertThat(tight.constraints()).singleElement().satisfies(c -> {
        assertThat(c.expression()).isEqualTo("ttft.p50 <= 100ms");
        assertThat(c.verdict()).isEqualTo("FAIL");
        assertThat(c.budget()).isEqualTo(100.0);
        // The observed median is the requests' own, each TTFT agreeing with the server's record of it.
        assertThat(c.observed()).isEqualTo(tight.metrics().get(CaseResult.TTFT).p50());
        // FAIL means the one-sided lower bound itself is beyond the 100 ms budget.
        assertThat(c.bounds()).hasSize(2);
        assertThat(c.bounds().get(0)).isGreaterThan(100.0).isLessThanOrEqualTo(c.observed());
      });
      GroundTruth.assertFromSend(tight, CaseResult.TTFT, GroundTruth.pairs(tight, server.awaitServedRequests(12, Duration.ofSeconds(10))),
          s -> s.times().ttftMs(), r -> r.times().contentChunkNanos().get(0));
      CaseResult raised = run.record().results().stream().filter(r -> r.scenario().endsWith("RaisedBudget")).findFirst().orElseThrow();
      assertThat(raised.constraints()).extracting(CaseResult.ConstraintRecord::verdict).containsExactly("PASS", "PASS");
      // the "1s" budget in ttft's display unit, like the figures beside it
      assertThat(raised.constraints()).anySatisfy(c ->
          assertThat(c.message()).matches("ttft\\.p50 = \\d+ ms \\[\\d+, \\d+\\] <= budget 1000 ms: PASS"));
    }
  }
}
