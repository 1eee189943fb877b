package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.RatesScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.SampleRecord;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counts and rates against the server's own record of the same requests (paired by
 * {@link GroundTruth#NUMBERED}): token counts exact; each request's TPOT and TTFT against the
 * server's by {@link Offsets}, tolerances from the noise of these very requests; each rate exactly
 * what the request's own times give. With 16 output tokens, dividing by N instead of N − 1 moves TPOT
 * by a sixteenth, and a rate over the wrong window (the first chunk's arrival, not the send) makes
 * every TTFT shorter than the server's span: either would fail here.
 */
class RatesGroundTruthTest {

  @Test
  void ratesAndCountsMatchTheServersRecord(@TempDir Path results) {
    SimulatorSettings settings = SimulatorSettings.defaults().withSlots(1).withPrefillTokensPerSecond(1500)
        .withDecodeTokensPerSecond(50).withHook(GroundTruth.NUMBERED);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, RatesScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      CaseResult result = run.record().results().get(0);
      List<ServedRequest> served = server.servedRequests();
      List<ServedRequest> measured = served.subList(served.size() - 8, served.size()); // after the warm-up
      List<GroundTruth.Pair> pairs = GroundTruth.numberedPairs(result, served);
      assertThat(pairs).extracting(GroundTruth.Pair::server).containsExactlyElementsOf(measured);

      MetricSummary output = result.metrics().get("output_tokens");
      assertThat(output.min()).isEqualTo(16.0);
      assertThat(output.max()).isEqualTo(16.0);
      assertThat(measured).allSatisfy(r -> assertThat(r.outcome().completionTokens()).isEqualTo(16));
      MetricSummary prompt = result.metrics().get("prompt_tokens");
      assertThat(prompt.min()).isEqualTo(measured.stream().mapToInt(r -> r.outcome().promptTokens()).min().orElseThrow());
      assertThat(prompt.max()).isEqualTo(measured.stream().mapToInt(r -> r.outcome().promptTokens()).max().orElseThrow());

      // decode rate: (N − 1) / (last chunk − first chunk), per request: each TPOT the server's, the
      // server's 20 ms a token (a token too many is 20 ms / 15, N for N − 1 a sixteenth), the rate its inverse
      GroundTruth.assertTpotsOnSchedule(result, pairs, r -> 20.0, 20.0 / 15);

      // prefill rate: prompt tokens / TTFT, each TTFT the server's span from arrival to first chunk
      GroundTruth.assertFromSend(result, CaseResult.TTFT, pairs, s -> s.times().ttftMs(),
          r -> r.times().contentChunkNanos().get(0));
      GroundTruth.assertSummarises(result, "prefill_rate",
          pairs.stream().map(p -> p.client().promptTokens() * 1000.0 / p.client().times().ttftMs()).toList());

      // throughput and request rate: over the measured phase, first send to last completion, which
      // brackets the server's first arrival to last finish by the transit of those two requests
      GroundTruth.assertFromSend(result, CaseResult.E2E, pairs, s -> s.times().e2eMs(),
          r -> GroundTruth.last(r.times().contentChunkNanos()));
      double wall = result.throughput().wallMs();
      SampleRecord first = result.samples().get(0);
      SampleRecord last = GroundTruth.last(result.samples());
      assertThat(wall).isCloseTo(last.times().startMs() + last.times().endMs() - first.times().startMs(), within(1e-3));
      double serverWall = GroundTruth.ms(GroundTruth.last(measured).times().finishedNanos() - measured.get(0).times().arrivalNanos());
      ServedRequest.Times firstServed = measured.get(0).times();
      ServedRequest.Times lastServed = measured.get(7).times();
      double transit = (first.times().ttftMs() - GroundTruth.ms(firstServed.contentChunkNanos().get(0) - firstServed.arrivalNanos()))
          + (last.times().e2eMs() - GroundTruth.ms(GroundTruth.last(lastServed.contentChunkNanos()) - lastServed.arrivalNanos()));
      System.out.printf("wall: client %.3f ms, server %.3f ms, transit of the first and last requests %.3f ms%n", wall, serverWall, transit);
      assertThat(Math.abs(wall - serverWall)).as("client wall against the server's").isLessThan(transit + Offsets.SPAN_FLOOR_MS);
      assertThat(result.throughput().outputTokensPerSecond()).isCloseTo(8 * 16 / (wall / 1000), within(1e-6));
      assertThat(result.throughput().requestsPerSecond()).isCloseTo(8 / (wall / 1000), within(1e-9));

      // Every kind of declaration is judged: per-request distributions and per-case figures.
      assertThat(result.constraints()).hasSize(6).allSatisfy(c -> assertThat(c.verdict()).as(c.message()).isEqualTo("PASS"));
      assertThat(result.constraints()).extracting(CaseResult.ConstraintRecord::unit)
          .containsExactly("tok/s", "tok/s", "tok/s", "req/s", "count", "count");
      assertThat(result.verdict()).isEqualTo("PASS");
      assertThat(result.reportedAs()).isEqualTo("passed");
    }
  }
}
