package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.FewerRequestsThanWorkers;
import dev.llmh.it.fixtures.SweepScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11, point 6: the usual endpoint mistakes end in a message that says what to fix. */
class EndpointMistakesTest {

  @Test
  void aBaseUrlWithoutV1IsNotRunWithTheUrlThatWasMeant(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults())) {
      EngineRun run = EngineRun.of(server.rootUrl(), results, SweepScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(8).failed(8));
      assertThat(run.record().results()).allSatisfy(result -> {
        assertThat(result.verdict()).isEqualTo("NOT_RUN");
        assertThat(result.section(Section.ERROR)).contains("did you mean " + server.baseUrl() + "?");
      });
      // Not one chat request was sent to the wrong path: the probe stopped the run first.
      assertThat(server.servedRequests()).isEmpty();
    }
  }

  @Test
  void aRefusedConnectionSaysWhatToCheck(@TempDir Path results) throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort(); // closed again: nothing listens there
    }
    EngineRun run = EngineRun.of("http://127.0.0.1:" + port + "/v1", results, SweepScenario.class);
    assertThat(run.record().results()).allSatisfy(result -> assertThat(result.section(Section.ERROR))
        .contains("is the server running, and listening on port " + port)
        .contains("llmh.endpoint"));
    // nothing could be asked of that server either: the record says so, once, rather than leaving it out
    assertThat(run.record().environment().get("servers")).asList().isEmpty();
    assertThat(run.record().environment().get("notMeasured")).asList().containsOnlyOnce(
        "servers: http://127.0.0.1:" + port + "/v1 (openai-chat) not asked: it was never opened"
            + " (its cases did not run, or it could not be reached; their records say why)");
  }

  @Test
  void anApiTheEmbeddedServerDoesNotSpeakIsRefusedBeforeItStarts(@TempDir Path results) {
    EngineRun run = EngineRun.of(java.util.Map.of("llmh.endpoint", "embedded", "llmh.api", "ollama-generate"), results,
        SweepScenario.class);
    assertThat(run.record().results()).allSatisfy(result -> {
      assertThat(result.verdict()).isEqualTo("NOT_RUN");
      assertThat(result.section(Section.ERROR)).contains("the embedded server speaks openai-chat, openai-completions and"
          + " ollama-chat, not ollama-generate");
    });
  }

  @Test
  void theEffectiveConcurrencyIsShownWhenThereAreFewerRequestsThanWorkers(@TempDir Path results) {
    EngineRun run = EngineRun.watched(java.util.Map.of("llmh.endpoint", "simulated"), results, FewerRequestsThanWorkers.class);
    CaseResult result = run.record().results().get(0);
    assertThat(result.requests().measured()).isEqualTo(2);
    assertThat(result.requests().effectiveConcurrency()).isEqualTo(2);
    assertThat(run.console()).contains("effective concurrency 2, not 4");
    assertThat(result.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).contains("effective concurrency 2, not 4"));
  }
}
