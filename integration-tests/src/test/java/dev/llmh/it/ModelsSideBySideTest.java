package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.llmh.engine.LlmhTestEngine;
import dev.llmh.it.fixtures.ModelParamScenario;
import dev.llmh.it.fixtures.ModelsSideBySideScenario;
import dev.llmh.result.BaselineRecord;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Models side by side against the simulator, which serves {@code sim-fast} and {@code sim-slow} with
 * their own timing and holds one at a time, loading the other on a switch (as Ollama does): each case
 * really sent its requests to its own model (the server's record of every measured request), its
 * figures are that model's and no measured request paid a load, the console's table shows those
 * figures per model, and a baseline compares a case only with the same model's.
 */
class ModelsSideBySideTest {
  private static final String SCENARIO = "ModelsSideBySideScenario";
  private static final Duration LOAD = Duration.ofMillis(400);
  /**
   * No prefill and 10 ms to the first token, 100 tok/s; the other 120 ms, 50 tok/s. A 10 ms TPOT keeps
   * the error {@link GroundTruth#assertTimingsAgree} must catch (N for N − 1: TPOT / N) above a busy
   * machine's noise.
   */
  private static final SimulatorSettings.Model FAST =
      new SimulatorSettings.Model("sim-fast", Double.POSITIVE_INFINITY, 100, Duration.ofMillis(10), LOAD);
  private static final SimulatorSettings.Model SLOW =
      new SimulatorSettings.Model("sim-slow", Double.POSITIVE_INFINITY, 50, Duration.ofMillis(120), LOAD);

  private static SimulatorSettings server() {
    return SimulatorSettings.defaults().withSlots(2).withHook(GroundTruth.TAGGED).withModel(FAST).withModel(SLOW);
  }

  private record Run(EngineRun engine, List<ServedRequest> served) {}

  private static Run run(Map<String, String> configuration, Path results, int requests) throws InterruptedException {
    try (SimulatedServer server = SimulatedServer.start(server())) {
      Map<String, String> withEndpoint = new HashMap<>(configuration);
      withEndpoint.put("llmh.endpoint", server.baseUrl());
      EngineRun engine = EngineRun.watched(withEndpoint, results, ModelsSideBySideScenario.class);
      return new Run(engine, server.awaitServedRequests(requests, Duration.ofSeconds(10)));
    }
  }

  @Test
  void eachCaseMeasuresItsOwnModelWarmAndTheTableShowsEachModelsFigures(@TempDir Path dir) throws Exception {
    // per model: concurrency 1 (1 warm-up + 6) and 2 (2 warm-ups + 6)
    Run run = run(Map.of(), dir, 2 * (7 + 8));
    run.engine().results().testEvents().assertStatistics(stats -> stats.started(4).succeeded(4));
    List<CaseResult> results = run.engine().record().results();
    assertThat(results).extracting(CaseResult::caseId).containsExactly(
        "ask[model=sim-fast,concurrency=1]", "ask[model=sim-fast,concurrency=2]",
        "ask[model=sim-slow,concurrency=1]", "ask[model=sim-slow,concurrency=2]");
    // one model's cases, then the other's: the server switched once after the first model's warm-up
    assertThat(run.served()).extracting(r -> r.request().requestedModel())
        .containsExactlyElementsOf(java.util.stream.Stream.of("sim-fast", "sim-slow")
            .flatMap(m -> java.util.Collections.nCopies(15, m).stream()).toList());

    for (CaseResult result : results) {
      String model = (String) result.params().get("model");
      SimulatorSettings.Model expected = model.equals("sim-fast") ? FAST : SLOW;
      assertThat(result.endpoint().requestedModel()).isEqualTo(model);
      assertThat(result.endpoint().servedModel()).isEqualTo(model);
      List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, run.served());
      assertThat(pairs).as(result.caseId()).allSatisfy(p -> assertThat(p.server().request().requestedModel()).isEqualTo(model));
      GroundTruth.assertTimingsAgree(result, pairs);
      assertOnTheModelsOwnScheduleWithoutItsLoad(result, pairs, expected, run.served());
    }

    // the console's side-by-side table: one row per model × concurrency, with each case's figures
    String console = run.engine().console();
    assertThat(console).contains("LLMH models side by side: " + SCENARIO + " › ask");
    List<String> table = console.lines().dropWhile(l -> !l.startsWith("LLMH models side by side")).limit(7).toList();
    System.out.println(String.join("\n", table));
    List<String> rows = table.subList(3, 7);
    for (int i = 0; i < 4; i++) {
      CaseResult result = results.get(i);
      assertThat(rows.get(i)).as("row %d", i)
          .startsWith(i % 2 == 0 ? (String) result.params().get("model") : " ")
          .contains(" " + result.params().get("concurrency") + " ")
          .contains(number(result.metrics().get(CaseResult.TTFT).p50()))
          .contains(number(result.metrics().get(CaseResult.TTFT).p95()))
          .contains(number(result.metrics().get("decode_rate").mean()))
          .contains(number(result.throughput().outputTokensPerSecond()))
          .endsWith("PASS");
    }
  }

  /**
   * The model's own timing, and never its load, in the server's record of the case's requests (what
   * the client saw of them is {@link GroundTruth#assertTimingsAgree}'s): every request arrived after
   * the model's first request since the switch, which paid the load, had its first chunk, and every
   * chunk was sent on the model's schedule, slot + its first-token delay + k × its chunk gap, by
   * {@link Offsets#lateDisagreement}: the other model's schedule is 110 ms off at the first token.
   */
  private static void assertOnTheModelsOwnScheduleWithoutItsLoad(
      CaseResult result, List<GroundTruth.Pair> pairs, SimulatorSettings.Model model, List<ServedRequest> served) {
    ServedRequest loaded = served.stream().filter(r -> r.request().requestedModel().equals(model.id())).findFirst().orElseThrow();
    double firstMs = model.firstTokenDelay().toMillis();
    double gapMs = 1000 / model.decodeTokensPerSecond();
    List<Double> sent = new ArrayList<>();
    List<Double> planned = new ArrayList<>();
    for (GroundTruth.Pair p : pairs) {
      ServedRequest r = p.server();
      assertThat(r.times().arrivalNanos()).as("%s request %d after the load", result.caseId(), r.requestNumber())
          .isGreaterThan(loaded.times().contentChunkNanos().get(0));
      for (int k = 0; k < r.times().contentChunkNanos().size(); k++) {
        sent.add(GroundTruth.ms(r.times().contentChunkNanos().get(k) - r.times().slotAcquiredNanos()));
        planned.add(firstMs + k * gapMs);
      }
    }
    Offsets lateness = Offsets.of(result.caseId() + " server lateness", sent, planned);
    System.out.println(lateness);
    assertThat(lateness.lateDisagreement(Offsets.SPAN_FLOOR_MS, 110.0)).isNull();
  }

  @Test
  void aBaselineComparesACaseOnlyWithTheSameModel(@TempDir Path dir) throws Exception {
    Path baseline = dir.resolve("baseline.json");
    run(Map.of("llmh.saveBaseline", baseline.toString()), dir.resolve("saved"), 30);
    // the other order, and a model the baseline never measured (the server's own, llmh-sim)
    Run again = run(Map.of("llmh.baseline", baseline.toString(), "llmh.model", "sim-slow,sim-fast,llmh-sim"),
        dir.resolve("again"), 45);
    List<CaseResult> results = again.engine().record().results();
    assertThat(results).hasSize(6);
    for (CaseResult result : results) {
      BaselineRecord compared = result.section(Section.BASELINE);
      if (result.params().get("model").equals("llmh-sim")) {
        assertThat(compared.compared()).isFalse();
        assertThat(compared.reason()).contains("case " + result.caseId() + " of").contains("is not in the baseline");
        continue;
      }
      // Measured against another model's case, TTFT would move by about +1100% or -90%: the baseline's
      // median is nearer this model's first-token delay than the other's (110 ms apart)
      assertThat(compared.compared()).as(result.caseId()).isTrue();
      boolean fast = result.params().get("model").equals("sim-fast");
      double own = (fast ? FAST : SLOW).firstTokenDelay().toMillis();
      double other = (fast ? SLOW : FAST).firstTokenDelay().toMillis();
      double baselineTtft = compared.metrics().get(CaseResult.TTFT).baselineP50();
      assertThat(Math.abs(baselineTtft - own)).as("%s baseline ttft p50 %.1f ms", result.caseId(), baselineTtft)
          .isLessThan(Math.abs(baselineTtft - other));
      assertThat(compared.metrics()).allSatisfy((metric, m) ->
          assertThat(m.regression()).as("%s %s: %s%%", result.caseId(), metric, m.changePercent()).isFalse());
    }
  }

  @Test
  void llmhSelectPicksTheCasesOfOneModel() {
    EngineDiscoveryResults results = discover(ModelsSideBySideScenario.class, "llmh.select", SCENARIO + "#ask[model=sim-slow]");
    assertThat(results.getDiscoveryIssues()).isEmpty();
    assertThat(results.getEngineDescriptor().getDescendants().stream().filter(TestDescriptor::isTest).map(TestDescriptor::getDisplayName))
        .containsExactly("ask [model=sim-slow, concurrency=1]", "ask [model=sim-slow, concurrency=2]");
  }

  @Test
  void severalConfiguredModelsBesideAParamNamedModelStopTheRunBeforeAnyRequest() {
    EngineDiscoveryResults results = discover(ModelParamScenario.class, "llmh.model", "a,b");
    assertThat(results.getDiscoveryIssues()).singleElement().satisfies(issue -> {
      assertThat(issue.severity()).isEqualTo(DiscoveryIssue.Severity.ERROR);
      assertThat(issue.message()).startsWith("LLMH configuration: " + ModelParamScenario.class.getName()
          + " has a @Param named model and is run with several models (llmh.model)");
    });
    assertThat(results.getEngineDescriptor().getDescendants()).isEmpty();
  }

  private static EngineDiscoveryResults discover(Class<?> scenario, String key, String value) {
    return EngineTestKit.engine(LlmhTestEngine.ENGINE_ID).configurationParameter(key, value).selectors(selectClass(scenario)).discover();
  }

  private static String number(Double value) {
    return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.2f", value);
  }
}
