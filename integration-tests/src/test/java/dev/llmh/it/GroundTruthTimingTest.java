package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.GroundTruthScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measurement against ground truth, one request at a time: every measured request's TTFT, E2E,
 * TPOT and chunk gaps against the simulator's record of that same request, within the noise
 * measured on those requests ({@link GroundTruth}), and each case's medians exactly its requests'.
 * A server that waits 150 ms before the first chunk and 25 ms between chunks (one token each) makes
 * the errors to catch large against the noise: a chunk too many or too few moves TTFT or E2E by
 * 25 ms, dividing by N instead of N − 1 moves TPOT by 25/N ms. Token counts are exact.
 */
class GroundTruthTimingTest {

  @Test
  void everyRequestAgreesWithTheServersRecordAndTokenCountsAreExact(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(1, 150, 40))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, GroundTruthScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));
      // The server's own record: warm-up and measured requests of both cases, each token sent.
      List<ServedRequest> served = server.awaitServedRequests(2 * 9, Duration.ofSeconds(10));
      assertThat(served).hasSize(2 * 9);

      for (int tokens : new int[] {4, 16}) {
        String caseId = (tokens == 4 ? "fourTokens" : "sixteenTokens") + "[concurrency=1]";
        CaseResult result = run.caseNamed(caseId);
        assertThat(result.requests().measured()).isEqualTo(8);
        assertThat(result.requests().succeeded()).isEqualTo(8);
        assertThat(result.samples()).hasSize(8);
        MetricSummary outputTokens = result.metrics().get(CaseResult.OUTPUT_TOKENS);
        assertThat(outputTokens.min()).isEqualTo(tokens);
        assertThat(outputTokens.max()).isEqualTo(tokens);
        assertThat(result.samples()).allSatisfy(sample -> {
          assertThat(sample.outputTokens()).isEqualTo(tokens);
          assertThat(sample.chunkMs()).hasSize(tokens);
          assertThat(sample.flags()).isEmpty();
          assertThat(sample.finishReason()).isEqualTo("length");
        });
        List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, served);
        assertThat(pairs).allSatisfy(p -> assertThat(p.server().times().contentChunkNanos()).hasSize(tokens));
        GroundTruth.assertTimingsAgree(result, pairs);
      }
    }
  }
}
