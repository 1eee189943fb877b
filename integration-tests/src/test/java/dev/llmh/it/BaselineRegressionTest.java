package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.llmh.it.fixtures.BaselineScenario;
import dev.llmh.result.BaselineRecord;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptance test of baselines, on the simulator: a 20% slowdown (first-token delay and decode gap
 * × 1.2) is flagged and fails a {@code regression < 10%} budget; reruns of the same configuration — a
 * new server on a new port and fresh random prompt markers each time — are not flagged. The change
 * reported for each metric is the change the server made, by its own record of both runs' requests.
 */
class BaselineRegressionTest {
  private static final String CASE = "fourTokens[concurrency=1]";
  private static final long FIRST_TOKEN_MS = 100;
  private static final double GAP_MS = 25;

  private static SimulatorSettings server(double slowdown) {
    return GroundTruth.simulator(1, Math.round(FIRST_TOKEN_MS * slowdown), 1000 / (GAP_MS * slowdown));
  }

  /** A run of the scenario, and the server's record of its requests. */
  private record Run(EngineRun engine, List<ServedRequest> served) {
    List<GroundTruth.Pair> pairs() {
      return GroundTruth.pairs(engine.caseNamed(CASE), served);
    }
  }

  private static Run run(double slowdown, Map<String, String> configuration, Path results) {
    try (SimulatedServer server = SimulatedServer.start(server(slowdown))) {
      Map<String, String> withEndpoint = new java.util.HashMap<>(configuration);
      withEndpoint.put("llmh.endpoint", server.baseUrl());
      EngineRun engine = EngineRun.of(withEndpoint, results, BaselineScenario.class);
      return new Run(engine, server.awaitServedRequests(1 + 12, Duration.ofSeconds(10)));
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Each metric's change as the server made it (its own medians, slow run over base run), and how far
   * the client's figures stray from the server's, per request and in % of them, over both runs.
   */
  private static void assertChangeIsTheServers(String metric, double changePercent, Run base, Run slow) {
    Function<SampleRecord, Double> client = switch (metric) {
      case "ttft_ms" -> s -> s.times().ttftMs();
      case "tpot_ms" -> s -> s.times().tpotMs();
      case "e2e_ms" -> s -> s.times().e2eMs();
      default -> s -> GroundTruth.median(GroundTruth.clientGaps(s));
    };
    Function<ServedRequest, Double> server = switch (metric) {
      case "ttft_ms" -> r -> GroundTruth.ms(r.times().contentChunkNanos().get(0) - r.times().arrivalNanos());
      case "tpot_ms" -> GroundTruth::serverTpot;
      case "e2e_ms" -> r -> GroundTruth.ms(GroundTruth.last(r.times().contentChunkNanos()) - r.times().arrivalNanos());
      default -> r -> GroundTruth.median(GroundTruth.serverGaps(r));
    };
    double serverChange = 100 * (median(slow.pairs(), server) / median(base.pairs(), server) - 1);
    List<GroundTruth.Pair> both = new ArrayList<>(base.pairs());
    both.addAll(slow.pairs());
    Offsets percent = Offsets.of(metric + " client against server, %",
        both.stream().map(p -> 100 * client.apply(p.client()) / server.apply(p.server())).toList(),
        both.stream().map(p -> 100.0).toList());
    // One percentage point for the estimators (Hodges-Lehmann against a ratio of medians); the error to
    // catch is one that would flip the verdict: the 10 points from the 20% slowdown to the 10% budget.
    double tolerance = percent.tolerance(1.0);
    System.out.printf("%s: client %+.2f%%, server %+.2f%%; %s; tolerance %.2f points%n",
        metric, changePercent, serverChange, percent, tolerance);
    assertThat(tolerance).as("%s: too noisy to catch an error of 10 points", percent).isLessThan(10.0);
    assertThat(changePercent).as("%s change against the server's %.2f%%", metric, serverChange)
        .isCloseTo(serverChange, within(tolerance));
  }

  private static double median(List<GroundTruth.Pair> pairs, Function<ServedRequest, Double> server) {
    return GroundTruth.median(pairs.stream().map(p -> server.apply(p.server())).toList());
  }

  @Test
  void flagsATwentyPercentSlowdownAndNotAReRunOfTheSameConfiguration(@TempDir Path dir) {
    Path baseline = dir.resolve("baseline.json");
    Run base = run(1.0, Map.of("llmh.saveBaseline", baseline.toString()), dir.resolve("r0"));
    EngineRun saved = base.engine();
    // Without a baseline the regression budget cannot be judged: the case is aborted, not passed.
    saved.results().testEvents().assertStatistics(stats -> stats.started(1).aborted(1));
    CaseResult first = saved.caseNamed(CASE);
    assertThat(first.section(Section.PROMPT_HASH)).hasSize(64);
    assertThat(first.constraints()).singleElement().satisfies(c -> {
      assertThat(c.verdict()).isEqualTo("INCONCLUSIVE");
      assertThat(c.message()).contains("no baseline: set -Dllmh.baseline");
    });
    assertThat(baseline).isRegularFile();

    for (int i = 1; i <= 3; i++) {
      int rerun = i;
      EngineRun same = run(1.0, Map.of("llmh.baseline", baseline.toString()), dir.resolve("same" + rerun)).engine();
      CaseResult result = same.caseNamed(CASE);
      BaselineRecord compared = result.section(Section.BASELINE);
      assertThat(compared.compared()).as("rerun %s compared", rerun).isTrue();
      assertThat(compared.metrics()).containsOnlyKeys("ttft_ms", "tpot_ms", "e2e_ms", "itl_ms");
      assertThat(compared.metrics()).allSatisfy((metric, m) ->
          assertThat(m.regression()).as("rerun %s, %s: %s", rerun, metric, m.changePercent()).isFalse());
      assertThat(result.constraints()).singleElement().satisfies(c -> assertThat(c.verdict()).isNotEqualTo("FAIL"));
      same.results().testEvents().assertStatistics(stats -> stats.started(1).failed(0));
    }

    Run slow = run(1.2, Map.of("llmh.baseline", baseline.toString()), dir.resolve("slow"));
    EngineRun slower = slow.engine();
    CaseResult result = slower.caseNamed(CASE);
    assertThat(result.section(Section.BASELINE).metrics()).allSatisfy((metric, m) -> {
      assertThat(m.regression()).as("%s flagged", metric).isTrue();
      assertChangeIsTheServers(metric, m.changePercent(), base, slow);
      assertThat(m.pValue()).isLessThan(0.001);
    });
    assertThat(result.constraints()).singleElement().satisfies(c -> {
      assertThat(c.verdict()).isEqualTo("FAIL");
      assertThat(c.unit()).isEqualTo("%");
      assertThat(c.message()).matches("ttft\\.p50 regression = \\+\\d+\\.\\d% \\[\\+\\d+\\.\\d%, \\+\\d+\\.\\d%\\] > budget 10%: FAIL");
    });
    slower.results().testEvents().assertThatEvents()
        .haveExactly(1, finishedWithFailure(message(m -> m.contains("ttft.p50 regression = +"))));
  }

  @Test
  void aMissingBaselineStopsTheRunBeforeItsFirstRequest(@TempDir Path dir) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(server(1.0))) {
      EngineRun run = EngineRun.of(
          Map.of("llmh.endpoint", server.baseUrl(), "llmh.baseline", dir.resolve("nothing.json").toString()),
          dir.resolve("r"), BaselineScenario.class);
      assertThat(run.results().testEvents().started().count()).isZero();
      assertThat(server.servedRequests()).isEmpty();
      assertThat(Files.exists(dir.resolve("r").resolve("latest.json"))).isFalse();
    }
  }
}
