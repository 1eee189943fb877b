package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.ColdConnectionScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warm-up reaches every worker: with fewer warm-up requests than workers, the first measured wave
 * would pay for opening connections (measured before the fix: first-wave TTFT median 185–191 ms
 * against 155–159 ms for the next waves, at a 150 ms server first-token delay). The server sees
 * each request's connection, so the property itself is checked exactly: every measured request came
 * over a connection a warm-up request had opened. Its effect on time is not asserted: the first
 * measured wave is a burst of 32 sends at once, whose transit on a busy 2-core machine is larger
 * than that of the later, spread-out waves by as much as the connections once cost (a first wave
 * 20 ms slower than the next, over the server's record of the same requests, with every connection
 * warm), so a bound on it would judge the machine, not the warm-up.
 */
class WarmConnectionsTest {
  private static final int WORKERS = 32;

  @Test
  void everyMeasuredRequestComesOverAConnectionTheWarmUpOpened(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(WORKERS, 150, 1000))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, ColdConnectionScenario.class);
      CaseResult result = run.record().results().get(0);
      assertThat(result.requests().warmup()).isEqualTo(WORKERS);
      assertThat(result.section(Section.WARNINGS)).contains("warm-up raised from 2 to 32 requests: one per worker, so that every"
          + " connection of the 32 workers is open before measuring");
      assertThat(result.requests().succeeded()).isEqualTo(3 * WORKERS);

      List<ServedRequest> served = server.awaitServedRequests(WORKERS + 3 * WORKERS, Duration.ofSeconds(10));
      // Warm-up ends before measuring starts, so the server's first 32 requests are the warm-up.
      Set<Integer> warmed = served.stream().filter(s -> s.requestNumber() <= WORKERS)
          .map(r -> r.request().clientPort()).collect(Collectors.toSet());
      assertThat(served.stream().filter(s -> s.requestNumber() > WORKERS).map(r -> r.request().clientPort()))
          .as("connections of measured requests; warm-up opened %s", warmed)
          .allSatisfy(port -> assertThat(warmed).contains(port));
    }
  }
}
