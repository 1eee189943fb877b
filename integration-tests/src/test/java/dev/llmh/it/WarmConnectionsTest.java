package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.ColdConnectionScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.SampleRecord;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warm-up reaches every worker: with fewer warm-up requests than workers, the first measured wave
 * would pay for opening connections (measured before the fix: first-wave TTFT median 185–191 ms
 * against 155–159 ms for the next waves, at a 150 ms server first-token delay).
 */
class WarmConnectionsTest {

  @Test
  void theFirstMeasuredWaveIsAsFastAsTheNext(@TempDir Path results) {
    SimulatorSettings settings =
        SimulatorSettings.defaults().withSlots(32).withInstantPrefill().withFirstTokenDelay(Duration.ofMillis(150))
            .withDecodeTokensPerSecond(1000);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, ColdConnectionScenario.class);
      CaseResult result = run.record().results().get(0);
      assertThat(result.requests().warmup()).isEqualTo(32);
      assertThat(result.warnings()).contains("warm-up raised from 2 to 32 requests: one per worker, so that every"
          + " connection of the 32 workers is open before measuring");
      assertThat(result.requests().succeeded()).isEqualTo(96);

      List<SampleRecord> byStart = result.samples().stream().sorted(Comparator.comparingDouble(SampleRecord::startMs)).toList();
      double first = median(byStart.subList(0, 32));
      double later = median(byStart.subList(32, 96));
      System.out.printf("first-wave TTFT median %.1f ms, later waves %.1f ms%n", first, later);
      assertThat(Math.abs(first - later)).as("first wave %.1f ms vs later %.1f ms", first, later).isLessThanOrEqualTo(0.05 * later);
    }
  }

  private static double median(List<SampleRecord> samples) {
    double[] ttft = samples.stream().mapToDouble(SampleRecord::ttftMs).sorted().toArray();
    return (ttft[(ttft.length - 1) / 2] + ttft[ttft.length / 2]) / 2;
  }
}
