package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.ColdLoadScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Throughput over the counted requests' own span, against the server's record: the first request
 * loads the model for 400 ms and is left out of the statistics, so it is left out of the time its
 * tokens are not divided by either.
 */
class CountedSpanGroundTruthTest {

  @Test
  void throughputIsOverTheCountedRequestsSpanWithTheColdLoadOut(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(
        GroundTruth.simulator(32, 150, 40).withFirstRequestLoad(Duration.ofMillis(400)))) {
      EngineRun run = EngineRun.of(server.rootUrl(), results, ColdLoadScenario.class);
      CaseResult result = run.caseNamed("cold[concurrency=1]");
      List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, server.awaitServedRequests(4, Duration.ofSeconds(10)));
      assertThat(result.samples().get(0).flags()).containsExactly("model_load");

      // the server's span of the three warm requests: the second's arrival to the last one's finish
      List<ServedRequest> warm = pairs.subList(1, 4).stream().map(GroundTruth.Pair::server).toList();
      double serverSpanMs = GroundTruth.ms(warm.get(2).times().finishedNanos() - warm.get(0).times().arrivalNanos());
      // the noise between the two clocks' views of one request, measured on these very requests
      double noiseMs = pairs.subList(1, 4).stream().mapToDouble(p -> Math.abs(p.client().times().endMs()
          - GroundTruth.ms(p.server().times().finishedNanos() - p.server().times().arrivalNanos()))).max().orElseThrow();
      assertThat(result.throughput().wallMs()).isCloseTo(serverSpanMs, within(2 * noiseMs + 1));
      // the whole measured phase, cold load included, is longer by at least the load
      double wholeMs = GroundTruth.ms(warm.get(2).times().finishedNanos() - pairs.get(0).server().times().arrivalNanos());
      assertThat(wholeMs - result.throughput().wallMs()).isGreaterThan(400);

      long warmTokens = pairs.subList(1, 4).stream().mapToLong(p -> p.client().outputTokens()).sum();
      assertThat(result.throughput().outputTokensPerSecond())
          .isCloseTo(warmTokens / (result.throughput().wallMs() / 1000), within(1e-9));
      assertThat(result.throughput().requestsPerSecond()).isCloseTo(3 / (result.throughput().wallMs() / 1000), within(1e-9));
    }
  }
}
