package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.ColdConnectionScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.SimulatedServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warm-up reaches every worker: with fewer warm-up requests than workers, the first measured wave
 * would pay for opening connections (measured before the fix: first-wave TTFT median 185–191 ms
 * against 155–159 ms for the next waves, at a 150 ms server first-token delay). The server's record
 * of each request takes its own scheduling out: the client's TTFT minus the server's (from the
 * request's arrival, after any connection was opened) is what the client added, and the first
 * wave's median must not exceed the later waves' by more than their noise allows.
 */
class WarmConnectionsTest {
  /** What opening the connections cost the first wave before the fix: the error to catch. */
  private static final double COLD_CONNECTIONS_MS = 30;

  @Test
  void theFirstMeasuredWaveIsAsFastAsTheNext(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(32, 150, 1000))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, ColdConnectionScenario.class);
      CaseResult result = run.record().results().get(0);
      assertThat(result.requests().warmup()).isEqualTo(32);
      assertThat(result.warnings()).contains("warm-up raised from 2 to 32 requests: one per worker, so that every"
          + " connection of the 32 workers is open before measuring");
      assertThat(result.requests().succeeded()).isEqualTo(96);

      List<GroundTruth.Pair> byStart = GroundTruth.pairs(result, server.awaitServedRequests(32 + 96, Duration.ofSeconds(10)))
          .stream().sorted(Comparator.comparingDouble(p -> p.client().startMs())).toList();
      Offsets first = clientAdded("first wave", byStart.subList(0, 32));
      Offsets later = clientAdded("later waves", byStart.subList(32, 96));
      // Both groups carry the machine's latency, which cancels in the difference, as in a gap.
      double tolerance = later.tolerance(Offsets.GAP_FLOOR_MS);
      System.out.printf("%s%n%s%ntolerance %.3f ms%n", first, later, tolerance);
      assertThat(tolerance).as("%s: too noisy to catch cold connections", later).isLessThan(COLD_CONNECTIONS_MS);
      assertThat(first.median() - later.median()).as("%s against %s", first, later).isLessThanOrEqualTo(tolerance);
    }
  }

  /** Client TTFT minus the server's, per request: never negative, the client's span contains the server's. */
  private static Offsets clientAdded(String what, List<GroundTruth.Pair> pairs) {
    Offsets offsets = Offsets.of(what, pairs.stream().map(p -> p.client().ttftMs()).toList(),
        pairs.stream().map(p -> GroundTruth.ms(p.server().contentChunkNanos().get(0) - p.server().arrivalNanos())).toList());
    assertThat(offsets.min()).as("%s", offsets).isGreaterThan(0.0);
    return offsets;
  }
}
