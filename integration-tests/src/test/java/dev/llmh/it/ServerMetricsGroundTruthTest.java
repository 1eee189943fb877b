package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.constraint.Metric;
import dev.llmh.it.fixtures.ServerMetricsScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.servermetrics.ServerMetricsRecord;
import dev.llmh.sim.EngineMetrics;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, point 1, against the simulator's own log of the pages it gave: four workers, two slots,
 * a prefix cache. LLMH looked at {@code /metrics} as the measured phase began, every 100 ms, and at
 * its end; its gauge series are the pages' values, look by look, and its counters' increases the
 * difference of the first page and the last, exactly.
 */
class ServerMetricsGroundTruthTest {

  @Test
  void theGaugesAreThePagesValuesAndTheCountersTheirIncrease(@TempDir Path results) {
    SimulatorSettings settings = GroundTruth.simulator(2, 40, 100).withPrefixCache(true).withMetrics(true);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineRun run = EngineRun.watched(Map.of("llmh.endpoint", server.baseUrl(), "llmh.server.metrics.interval", "100ms"), results,
          ServerMetricsScenario.class);
      CaseResult result = run.record().results().get(0);
      ServerMetricsRecord m = result.section(ServerMetricsRecord.SECTION);
      // the pages LLMH's figures rest on: a look the sampler made after the last analysis is not among them
      List<EngineMetrics.Page> pages = server.metricsPages().subList(0, m.looks());
      System.out.println(m.figures().keySet() + " over " + m.looks() + " looks; " + server.metricsPages().size() + " pages given");

      assertThat(m.source()).isEqualTo(server.baseUrl().replace("/v1", "/metrics"));
      assertThat(m.looks()).isGreaterThanOrEqualTo(5);
      assertThat(m.series(Metric.SERVER_REQUESTS_RUNNING)).containsExactlyElementsOf(
          pages.stream().map(p -> (double) p.running()).toList());
      assertThat(m.series(Metric.SERVER_REQUESTS_WAITING)).containsExactlyElementsOf(
          pages.stream().map(p -> (double) p.waiting()).toList());
      assertThat(m.series(Metric.SERVER_KV_CACHE_USAGE)).hasSize(pages.size());
      for (int i = 0; i < pages.size(); i++) {
        assertThat(m.series(Metric.SERVER_KV_CACHE_USAGE).get(i)).isCloseTo(100 * pages.get(i).kvCacheUsage(),
            org.assertj.core.data.Offset.offset(1e-9));
      }
      EngineMetrics.Page first = pages.get(0);
      EngineMetrics.Page last = pages.get(pages.size() - 1);
      assertThat(m.figure(Metric.SERVER_PREEMPTIONS, null)).isZero();
      assertThat(m.figure(Metric.SERVER_PREFIX_CACHE_HIT_RATE, null))
          .isEqualTo(100.0 * (last.prefixHits() - first.prefixHits()) / (last.prefixQueries() - first.prefixQueries()));
      // the measured requests, and they alone: 24 succeeded between the first page and the last
      assertThat(last.succeeded() - first.succeeded()).isEqualTo(24);
      assertThat(m.families().get("vllm:request_success (counter)").values()).singleElement()
          .satisfies(c -> assertThat(c.get("increase")).isEqualTo(24.0));
      // its histograms hold the 24 measured requests' waits for a slot and their slot-to-first-chunk times
      List<ServedRequest> measured = server.servedRequests().subList(server.servedRequests().size() - 24, server.servedRequests().size());
      assertThat(m.figure(Metric.SERVER_QUEUE, "count")).isEqualTo(24.0);
      assertThat(m.figure(Metric.SERVER_QUEUE, "mean")).isCloseTo(
          measured.stream().mapToDouble(r -> (r.times().slotAcquiredNanos() - r.times().arrivalNanos()) / 1e6).average().orElseThrow(),
          org.assertj.core.data.Offset.offset(1e-6));
      assertThat(m.figure(Metric.SERVER_PREFILL, "mean")).isCloseTo(measured.stream()
          .mapToDouble(r -> (r.times().contentChunkNanos().get(0) - r.times().slotAcquiredNanos()) / 1e6).average().orElseThrow(),
          org.assertj.core.data.Offset.offset(1e-6));
      assertThat(m.notMeasured()).containsOnlyKeys("server_draft_acceptance_rate", "server_mean_acceptance_length");
      // four workers on two slots: both slots busy and some waiting at a look, and the budgets say so
      assertThat(m.figure(Metric.SERVER_REQUESTS_RUNNING, "max")).isEqualTo(2.0);
      assertThat(result.constraints()).allSatisfy(c -> assertThat(c.verdict()).as(c.message()).isEqualTo("PASS"));
      assertThat(run.console()).contains("server metrics").contains("looks at " + m.source());
      run.console().lines().filter(l -> l.contains("server metrics") || l.contains("server_")).forEach(System.out::println);
    }
  }

  @Test
  void aMetricsUrlNothingAnswersAtIsNotMeasuredWithTheFailureAndTheRunGoesOn(@TempDir Path results) throws Exception {
    int port;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      port = socket.getLocalPort(); // closed again: nothing listens there
    }
    String url = "http://127.0.0.1:" + port + "/metrics";
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(2, 40, 100).withMetrics(true))) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.server.metrics", url), results,
          ServerMetricsScenario.class);
      CaseResult result = run.record().results().get(0);
      ServerMetricsRecord m = result.section(ServerMetricsRecord.SECTION);
      assertThat(m.source()).isEqualTo(url);
      assertThat(m.notMeasured().get("server_preemptions")).startsWith("GET " + url + " failed: ").doesNotContain("null");
      assertThat(result.requests().succeeded()).isEqualTo(24);
      assertThat(server.metricsPages()).as("the endpoint's own /metrics was not asked").isEmpty();
    }
  }

  @Test
  void aServerWithoutMetricsIsRecordedSoWithTheReasonAndItsBudgetsAreUndecided(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(2, 40, 100))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, ServerMetricsScenario.class);
      CaseResult result = run.record().results().get(0);
      ServerMetricsRecord m = result.section(ServerMetricsRecord.SECTION);
      assertThat(m.looks()).isZero();
      assertThat(m.notMeasured()).hasSize(9).allSatisfy((name, why) -> assertThat(why)
          .contains("GET " + m.source() + " answered HTTP 404: the server offers no Prometheus metrics there"));
      assertThat(result.constraints()).allSatisfy(c -> assertThat(c.verdict()).isEqualTo("INCONCLUSIVE"));
      assertThat(result.requests().measured()).isEqualTo(24);
    }
  }
}
