package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.ColdLoadScenario;
import dev.llmh.it.fixtures.TokenAccountingScenario;
import dev.llmh.result.RunRecord;
import dev.llmh.sim.ServerPersona;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, point 1: the record's environment against servers whose self-description the test
 * sets (the simulator dressed as Ollama or llama.cpp): the client machine, each endpoint's figures
 * as its routes gave them, a reason for each item a missing or hanging route kept back, and a run
 * that ends in time when a route hangs.
 */
class ServerEnvironmentGroundTruthTest {

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> servers(RunRecord record) {
    return (List<Map<String, Object>>) record.environment().get("servers");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> model(Map<String, Object> server) {
    return ((List<Map<String, Object>>) server.get("models")).get(0);
  }

  @Test
  void ollamaWithoutItsVersionRoute(@TempDir Path results) {
    ServerPersona ollama = ServerPersona.ollama().without("/api/version");
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withModelId("any"), ollama)) {
      EngineRun run = EngineRun.of(server.rootUrl(), results, ColdLoadScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      Map<String, Object> environment = run.record().environment();

      // The client machine, beside the keys records had before.
      assertThat(environment).containsKeys("javaVersion", "osName", "availableProcessors", "gpus", "cpuModel", "physicalCores",
          "logicalCores", "memoryTotalBytes", "osDescription", "jvmVersion");
      assertThat(((Number) environment.get("logicalCores")).longValue()).isPositive();
      if (System.getProperty("os.name").startsWith("Linux")) {
        assertThat(environment.get("loadAverageBefore")).asList().hasSize(3);
        assertThat(environment.get("loadAverageAfter")).asList().hasSize(3);
        assertThat(environment.get("notMeasured")).asList().isEmpty();
      }

      assertThat(servers(run.record())).hasSize(1);
      Map<String, Object> described = servers(run.record()).get(0);
      // The same URL as the cases' endpoint.url: what joins a case to its server.
      assertThat(described).containsEntry("endpoint", run.record().results().get(0).endpoint().url()).containsEntry("api", "ollama-chat")
          .containsEntry("kind", "remote").containsEntry("server", "ollama").doesNotContainKey("version");
      assertThat(model(described)).containsEntry("model", "any").containsEntry("digest", "sha256:" + ollama.model().digest())
          .containsEntry("quantization", ollama.model().quantization()).containsEntry("parameterSize", ollama.model().parameterSize())
          .containsEntry("family", ollama.model().family()).containsEntry("contextLength", ollama.model().contextLength())
          .containsEntry("bytes", ollama.model().modelBytes());
      assertThat(described.get("notMeasured")).asList().containsExactly(
          "server version: endpoint offers no GET /api/version route (HTTP 404)",
          "model file (any): not reported by Ollama's /api/tags and /api/show");
    }
  }

  @Test
  void aHangingRouteIsBoundedAndSaysItTimedOut(@TempDir Path results) {
    ServerPersona llama = ServerPersona.llamaCpp().hangingOn("/props");
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults(), llama)) {
      long start = System.nanoTime();
      EngineRun run = EngineRun.of(server.baseUrl(), results, TokenAccountingScenario.class);
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      RunRecord record = run.record();
      // The route hangs for ServerPersona.HANG (60 s); the question gives up after 2 s, so the run ends
      // before the hang would, however slow the machine is at the rest of the run.
      assertThat(took).isLessThan(ServerPersona.HANG);
      assertThat(Duration.between(Instant.parse(record.run().startedAt()), Instant.parse(record.run().finishedAt())))
          .isLessThan(ServerPersona.HANG).isGreaterThanOrEqualTo(Duration.ofMillis(1900));
      Map<String, Object> described = servers(record).get(0);
      assertThat(described).containsEntry("server", "llama.cpp").doesNotContainKey("version");
      assertThat(described.get("notMeasured")).asList().contains(
          "server version: GET /props timed out after 2000 ms", "model file (llmh-sim): GET /props timed out after 2000 ms");
      // The listing answered: its figures are kept.
      assertThat(model(described)).containsEntry("bytes", llama.model().modelBytes()).containsEntry("parameterSize", "7.6B");
    }
  }
}
