package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The probe before the first request turns the usual endpoint mistakes into the fix. */
class EndpointProbeTest {

  private static OpenAiChatClient client(String baseUrl) {
    return new OpenAiChatClient(baseUrl, Optional.empty(), Duration.ofSeconds(2), Duration.ofSeconds(5));
  }

  @Test
  void aBaseUrlWithoutV1IsCaughtWithTheUrlThatWasMeant() {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults());
        OpenAiChatClient client = client(server.rootUrl())) {
      assertThatThrownBy(client::probe)
          .isInstanceOf(EndpointException.class)
          .hasMessageContaining("did you mean " + server.baseUrl() + "?")
          .hasMessageContaining("llmh.endpoint");
    }
  }

  @Test
  void theRightBaseUrlProbesAsBefore() {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults());
        OpenAiChatClient client = client(server.baseUrl())) {
      assertThat(client.probe().modelIds()).containsExactly("llmh-sim");
    }
  }

  @Test
  void aRefusedConnectionNamesWhatToCheck() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort(); // closed again: nothing listens there now
    }
    try (OpenAiChatClient client = client("http://127.0.0.1:" + port + "/v1")) {
      assertThatThrownBy(client::probe)
          .isInstanceOf(EndpointException.class)
          .hasMessageContaining("cannot reach the endpoint http://127.0.0.1:" + port + "/v1")
          .hasMessageContaining("is the server running, and listening on port " + port)
          .hasMessageContaining("llmh.endpoint (LLMH_ENDPOINT)");
    }
  }
}
