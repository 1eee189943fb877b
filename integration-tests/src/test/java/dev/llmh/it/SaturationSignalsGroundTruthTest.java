package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.SaturationSignalsScenario;
import dev.llmh.result.SaturationRecord;
import dev.llmh.result.SaturationRecord.Step;
import dev.llmh.sim.EngineMetrics;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, points 5 and 6: saturation searches stopped by what the server says of itself, against
 * simulators whose KV cache and slots fill at a known concurrency. A request holds its prompt (a few
 * tokens) and its 100 planned tokens of the cache from its slot to its end; the searches step 2, 4,
 * 8. LLMH looks at {@code /metrics} every 50 ms; each step's signals are checked against the
 * pages the simulator logged.
 */
class SaturationSignalsGroundTruthTest {
  /** Ten tokens a chunk at 1,000 tok/s: a request of 100 tokens takes some 100 ms. */
  private static SimulatorSettings server() {
    return SimulatorSettings.defaults().withSlots(16).withPrefillTokensPerSecond(20_000).withDecodeTokensPerSecond(1000)
        .withTokensPerChunk(10).withMetrics(true);
  }

  private static SaturationRecord search(SimulatorSettings settings, String prompt, Path results) {
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineRun run = EngineRun.watched(Map.of("llmh.endpoint", server.baseUrl(), "llmh.server.metrics.interval", "50ms",
          "llmh.select", "SaturationSignalsScenario#" + prompt), results, SaturationSignalsScenario.class);
      run.console().lines().filter(l -> l.contains("saturat") || l.contains("steps ")).forEach(System.out::println);
      SaturationRecord search = run.record().saturation().get(0);
      lastPage = server.metricsPages().get(server.metricsPages().size() - 1);
      highestKv = server.metricsPages().stream().mapToDouble(EngineMetrics.Page::kvCacheUsage).max().orElseThrow();
      return search;
    }
  }

  private static EngineMetrics.Page lastPage;
  private static double highestKv;

  @Test
  void aKvCacheThatFillsAtFourRequestsStopsTheSearchAtFour(@TempDir Path results) {
    // four requests of 100 tokens and a few of prompt fill 420 tokens to at least 95.2%; two to at most 62%
    SaturationRecord search = search(server().withKvCacheTokens(420), "full", results);
    assertThat(search.stoppedBy()).isEqualTo("kv_cache");
    assertThat(search.stoppedBecause()).matches("the server's KV cache reached (9[6-9](\\.\\d+)?|95\\.[2-9]\\d*|100)% at concurrency 4"
        + " \\(kvCacheLimit 95%\\)");
    assertThat(search.knee().concurrency()).isEqualTo(2);
    assertThat(search.steps()).extracting(Step::verdict).containsExactly("PASS", "PASS", "NOT_RUN");
    assertThat(search.stopsOn()).containsExactly("server_kv_cache_usage.max >= 95%", "server_preemptions > 0",
        "server_requests_waiting grows step over step from 1");
    // the step's figure is the fullest page the server gave, and the steps before stayed below the limit
    assertThat(search.steps().get(1).signals().kvCacheUsageMax()).isEqualTo(100 * highestKv);
    assertThat(search.steps().get(0).signals().kvCacheUsageMax()).isBetween(45.0, 62.0);
    assertThat(search.steps().get(0).signals().requestsWaiting()).isZero();
  }

  @Test
  void withoutAKvCacheLimitTheFirstPreemptionStopsIt(@TempDir Path results) {
    // six requests fit in the cache: four do, eight do not, and the requests admitted past it are preempted
    SaturationRecord search = search(server().withKvCacheTokens(6 * 100), "preempting", results);
    assertThat(search.stoppedBy()).isEqualTo("preemption");
    assertThat(search.knee().concurrency()).isEqualTo(4);
    assertThat(search.stopsOn()).containsExactly("server_preemptions > 0", "server_requests_waiting grows step over step from 1");
    assertThat(search.steps().get(1).signals().preemptions()).isZero();
    // every preemption of the run happened at 8, and LLMH counted each
    assertThat(lastPage.preemptions()).isPositive();
    assertThat(search.steps().get(2).signals().preemptions()).isEqualTo((double) lastPage.preemptions());
    assertThat(search.stoppedBecause()).isEqualTo("the server preempted " + lastPage.preemptions()
        + (lastPage.preemptions() == 1 ? " request" : " requests") + " at concurrency 8");
  }

  @Test
  void aQueueThatGrowsPastTwoSlotsStopsItAtFour(@TempDir Path results) {
    SaturationRecord search = search(server().withSlots(2), "full", results);
    assertThat(search.stoppedBy()).isEqualTo("waiting");
    assertThat(search.knee().concurrency()).isEqualTo(2);
    Step four = search.steps().get(1);
    // two workers of four wait for a slot while the others run, less the moments between a request's end and the next
    assertThat(four.signals().requestsWaiting()).isBetween(1.0, 2.0);
    assertThat(search.steps().get(0).signals().requestsWaiting()).isLessThan(1.0);
    assertThat(search.stoppedBecause()).startsWith("requests waiting at the server grew from ").endsWith(" from concurrency 2 to 4");
  }
}
