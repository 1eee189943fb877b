package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.GroundTruthScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measurement against ground truth: a server that waits 150 ms before the first chunk and 25 ms
 * between chunks (one token each). Medians must be within max(5%, 2 ms) of the truth and token
 * counts exact — with four tokens, counting one too many or too few moves TPOT by a quarter or more.
 */
class GroundTruthTimingTest {
  private static final double TTFT_MS = 150;
  private static final double GAP_MS = 25;

  @Test
  void mediansMatchTheServersDelaysAndTokenCountsAreExact(@TempDir Path results) {
    SimulatorSettings settings =
        SimulatorSettings.defaults()
            .withSlots(1)
            .withInstantPrefill()
            .withFirstTokenDelay(Duration.ofMillis((long) TTFT_MS))
            .withDecodeTokensPerSecond(1000 / GAP_MS);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, GroundTruthScenario.class);
      run.results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));

      for (int tokens : new int[] {4, 16}) {
        String caseId = (tokens == 4 ? "fourTokens" : "sixteenTokens") + "[concurrency=1]";
        CaseResult result = run.caseNamed(caseId);
        assertThat(result.requests().measured()).isEqualTo(8);
        assertThat(result.requests().succeeded()).isEqualTo(8);
        assertThat(result.samples()).hasSize(8);
        assertWithin(result.metrics().get(CaseResult.TTFT), TTFT_MS);
        assertWithin(result.metrics().get(CaseResult.TPOT), GAP_MS);
        assertWithin(result.metrics().get(CaseResult.ITL), GAP_MS);
        assertWithin(result.metrics().get(CaseResult.E2E), TTFT_MS + (tokens - 1) * GAP_MS);
        MetricSummary outputTokens = result.metrics().get(CaseResult.OUTPUT_TOKENS);
        assertThat(outputTokens.min()).isEqualTo(tokens);
        assertThat(outputTokens.max()).isEqualTo(tokens);
        assertThat(result.samples()).allSatisfy(sample -> {
          assertThat(sample.outputTokens()).isEqualTo(tokens);
          assertThat(sample.chunkMs()).hasSize(tokens);
          assertThat(sample.flags()).isEmpty();
          assertThat(sample.finishReason()).isEqualTo("length");
        });
      }
      // The server's own record agrees: warm-up and measured requests of both cases, each token sent.
      assertThat(server.servedRequests()).hasSize(2 * 9);
    }
  }

  private static void assertWithin(MetricSummary summary, double truthMs) {
    double tolerance = Math.max(0.05 * truthMs, 2.0);
    assertThat(summary.p50()).as("median against truth %s ms", truthMs).isCloseTo(truthMs, within(tolerance));
  }
}
