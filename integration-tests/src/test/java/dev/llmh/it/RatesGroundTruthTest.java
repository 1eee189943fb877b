package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.RatesScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counts and rates against the server's own record of the same requests: token counts exact, rates
 * within 3%. With 16 output tokens, dividing by N instead of N − 1 moves the decode rate by 6.7%,
 * and a rate over the wrong window (the first chunk's arrival, not the send) moves the prefill rate
 * by far more: either would fail here. Timestamp jitter at each end of a 150 ms decode window, even
 * on a loaded machine, stays near 1%.
 */
class RatesGroundTruthTest {
  private static final double TOLERANCE = 0.03;

  @Test
  void ratesAndCountsMatchTheServersRecord(@TempDir Path results) {
    SimulatorSettings settings =
        SimulatorSettings.defaults().withSlots(1).withPrefillTokensPerSecond(1500).withDecodeTokensPerSecond(100);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, RatesScenario.class);
      run.results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      CaseResult result = run.record().results().get(0);
      List<ServedRequest> served = server.servedRequests();
      List<ServedRequest> measured = served.subList(served.size() - 8, served.size()); // after the warm-up

      MetricSummary output = result.metrics().get("output_tokens");
      assertThat(output.min()).isEqualTo(16.0);
      assertThat(output.max()).isEqualTo(16.0);
      MetricSummary prompt = result.metrics().get("prompt_tokens");
      assertThat(prompt.min()).isEqualTo(measured.stream().mapToInt(ServedRequest::promptTokens).min().orElseThrow());
      assertThat(prompt.max()).isEqualTo(measured.stream().mapToInt(ServedRequest::promptTokens).max().orElseThrow());

      // decode rate: (N − 1) / (last chunk − first chunk), per request, as the server sent them
      double serverDecode = median(measured.stream().mapToDouble(r ->
          (r.completionTokens() - 1) / seconds(last(r.contentChunkNanos()) - r.contentChunkNanos().get(0))).toArray());
      assertClose(result.metrics().get("decode_rate").p50(), serverDecode, "decode_rate.p50");

      // prefill rate: prompt tokens / (first chunk − arrival), the server's own prefill and queueing
      double serverPrefill = median(measured.stream().mapToDouble(r ->
          r.promptTokens() / seconds(r.contentChunkNanos().get(0) - r.arrivalNanos())).toArray());
      assertClose(result.metrics().get("prefill_rate").p50(), serverPrefill, "prefill_rate.p50");

      // throughput and request rate: over the measured phase, first arrival to last finish
      double window = seconds(last(measured.stream().map(ServedRequest::finishedNanos).toList()) - measured.get(0).arrivalNanos());
      assertClose(result.throughput().outputTokensPerSecond(), 8 * 16 / window, "throughput");
      assertClose(result.throughput().requestsPerSecond(), 8 / window, "request_rate");

      // Every kind of declaration is judged: per-request distributions and per-case figures.
      assertThat(result.constraints()).hasSize(6).allSatisfy(c -> assertThat(c.verdict()).as(c.message()).isEqualTo("PASS"));
      assertThat(result.constraints()).extracting(CaseResult.ConstraintRecord::unit)
          .containsExactly("tok/s", "tok/s", "tok/s", "req/s", "count", "count");
      assertThat(result.verdict()).isEqualTo("PASS");
      assertThat(result.reportedAs()).isEqualTo("passed");
    }
  }

  private static void assertClose(double client, double server, String what) {
    System.out.printf("%s: client %.2f, server %.2f%n", what, client, server);
    assertThat(client).as(what + " against the server's record").isCloseTo(server, within(TOLERANCE * server));
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }

  private static long last(List<Long> values) {
    return values.get(values.size() - 1);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
