package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.llmh.it.fixtures.BaselineScenario;
import dev.llmh.result.BaselineRecord;
import dev.llmh.result.CaseResult;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptance test of baselines, on the simulator: a 20% slowdown (first-token delay and decode gap
 * × 1.2) is flagged and fails a {@code regression < 10%} budget; reruns of the same configuration — a
 * new server on a new port and fresh random prompt markers each time — are not flagged.
 */
class BaselineRegressionTest {
  private static final String CASE = "fourTokens[concurrency=1]";
  private static final long FIRST_TOKEN_MS = 100;
  private static final double GAP_MS = 25;

  private static SimulatorSettings server(double slowdown) {
    return SimulatorSettings.defaults()
        .withSlots(1)
        .withInstantPrefill()
        .withFirstTokenDelay(Duration.ofMillis(Math.round(FIRST_TOKEN_MS * slowdown)))
        .withDecodeTokensPerSecond(1000 / (GAP_MS * slowdown));
  }

  private static EngineRun run(double slowdown, Map<String, String> configuration, Path results) {
    try (SimulatedServer server = SimulatedServer.start(server(slowdown))) {
      Map<String, String> withEndpoint = new java.util.HashMap<>(configuration);
      withEndpoint.put("llmh.endpoint", server.baseUrl());
      return EngineRun.of(withEndpoint, results, BaselineScenario.class);
    }
  }

  @Test
  void flagsATwentyPercentSlowdownAndNotAReRunOfTheSameConfiguration(@TempDir Path dir) {
    Path baseline = dir.resolve("baseline.json");
    EngineRun saved = run(1.0, Map.of("llmh.saveBaseline", baseline.toString()), dir.resolve("r0"));
    // Without a baseline the regression budget cannot be judged: the case is aborted, not passed.
    saved.results.testEvents().assertStatistics(stats -> stats.started(1).aborted(1));
    CaseResult first = saved.caseNamed(CASE);
    assertThat(first.promptHash()).hasSize(64);
    assertThat(first.constraints()).singleElement().satisfies(c -> {
      assertThat(c.verdict()).isEqualTo("INCONCLUSIVE");
      assertThat(c.message()).contains("no baseline: set -Dllmh.baseline");
    });
    assertThat(baseline).isRegularFile();

    for (int i = 1; i <= 3; i++) {
      int rerun = i;
      EngineRun same = run(1.0, Map.of("llmh.baseline", baseline.toString()), dir.resolve("same" + rerun));
      CaseResult result = same.caseNamed(CASE);
      BaselineRecord compared = result.baseline();
      assertThat(compared.compared()).as("rerun %s compared", rerun).isTrue();
      assertThat(compared.metrics()).containsOnlyKeys("ttft_ms", "tpot_ms", "e2e_ms", "itl_ms");
      assertThat(compared.metrics()).allSatisfy((metric, m) ->
          assertThat(m.regression()).as("rerun %s, %s: %s", rerun, metric, m.changePercent()).isFalse());
      assertThat(result.constraints()).singleElement().satisfies(c -> assertThat(c.verdict()).isNotEqualTo("FAIL"));
      same.results.testEvents().assertStatistics(stats -> stats.started(1).failed(0));
    }

    EngineRun slower = run(1.2, Map.of("llmh.baseline", baseline.toString()), dir.resolve("slow"));
    CaseResult result = slower.caseNamed(CASE);
    assertThat(result.baseline().metrics()).allSatisfy((metric, m) -> {
      assertThat(m.regression()).as("%s flagged", metric).isTrue();
      assertThat(m.changePercent()).as("%s change", metric).isBetween(15.0, 25.0);
      assertThat(m.pValue()).isLessThan(0.001);
    });
    assertThat(result.constraints()).singleElement().satisfies(c -> {
      assertThat(c.verdict()).isEqualTo("FAIL");
      assertThat(c.unit()).isEqualTo("%");
      assertThat(c.message()).matches("ttft\\.p50 regression = \\+\\d+\\.\\d% \\[\\+\\d+\\.\\d%, \\+\\d+\\.\\d%\\] > budget 10%: FAIL");
    });
    slower.results.testEvents().assertThatEvents()
        .haveExactly(1, finishedWithFailure(message(m -> m.contains("ttft.p50 regression = +"))));
  }

  @Test
  void aMissingBaselineStopsTheRunBeforeItsFirstRequest(@TempDir Path dir) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(server(1.0))) {
      EngineRun run = EngineRun.of(
          Map.of("llmh.endpoint", server.baseUrl(), "llmh.baseline", dir.resolve("nothing.json").toString()),
          dir.resolve("r"), BaselineScenario.class);
      assertThat(run.results.testEvents().started().count()).isZero();
      assertThat(server.servedRequests()).isEmpty();
      assertThat(Files.exists(dir.resolve("r").resolve("latest.json"))).isFalse();
    }
  }
}
