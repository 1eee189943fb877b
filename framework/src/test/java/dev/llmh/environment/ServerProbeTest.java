package dev.llmh.environment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.client.Credentials;
import dev.llmh.client.OllamaClient;
import dev.llmh.client.Network;
import dev.llmh.client.OpenAiChatClient;
import dev.llmh.client.ProtocolClient;
import dev.llmh.client.Timeouts;
import dev.llmh.config.Api;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.EndpointKind;
import dev.llmh.sim.ServerPersona;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Asking the simulator, dressed as each server, what it is: the record holds what its routes say
 * (the persona's figures are the ground truth), a route it lacks or that hangs is a reason, and a
 * hanging route costs no more than the per-request timeout.
 */
class ServerProbeTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(60));

  private static Endpoint endpoint(ProtocolClient client) {
    return new Endpoint(client, client.probe(), EndpointKind.REMOTE);
  }

  private static Endpoint openAi(SimulatedServer server) {
    return endpoint(new OpenAiChatClient(Api.OPENAI_CHAT, server.baseUrl(), Credentials.NONE, TIMEOUTS, Network.SYSTEM));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> model(Map<String, Object> entry) {
    return ((List<Map<String, Object>>) entry.get("models")).get(0);
  }

  @SuppressWarnings("unchecked")
  private static List<String> notMeasured(Map<String, Object> entry) {
    return (List<String>) entry.get("notMeasured");
  }

  @Test
  void ollamaNativeAndThroughItsOpenAiRoutesSayTheSame() {
    ServerPersona ollama = ServerPersona.ollama();
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withModelId("qwen2.5:7b-instruct"), ollama)) {
      for (Endpoint endpoint : List.of(openAi(server),
          endpoint(new OllamaClient(Api.OLLAMA_CHAT, server.rootUrl(), Credentials.NONE, TIMEOUTS, Network.SYSTEM)))) {
        try (ProtocolClient client = endpoint.client()) {
          Map<String, Object> entry = new ServerProbe().describe(endpoint, List.of("qwen2.5:7b-instruct"), "9.9");
          assertThat(entry).containsEntry("server", "ollama").containsEntry("version", ollama.version())
              .containsEntry("api", endpoint.client().api().key());
          assertThat(model(entry)).containsEntry("model", "qwen2.5:7b-instruct")
              .containsEntry("digest", "sha256:" + ollama.model().digest()).containsEntry("quantization", ollama.model().quantization())
              .containsEntry("parameterSize", ollama.model().parameterSize()).containsEntry("family", ollama.model().family())
              .containsEntry("contextLength", (long) ollama.model().contextLength()).containsEntry("bytes", ollama.model().modelBytes());
          assertThat(notMeasured(entry)).containsExactly(
              "model file (qwen2.5:7b-instruct): not reported by Ollama's /api/tags and /api/show");
        }
      }
    }
  }

  @Test
  void llamaCppAndVllm() {
    ServerPersona llama = ServerPersona.llamaCpp();
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withSlots(3), llama);
         ProtocolClient client = openAi(server).client()) {
      Map<String, Object> entry = new ServerProbe().describe(new Endpoint(client, client.probe(), EndpointKind.REMOTE),
          Arrays.asList((String) null), "9.9");
      assertThat(entry).containsEntry("server", "llama.cpp").containsEntry("version", llama.version()).containsEntry("slots", 3L);
      assertThat(model(entry)).containsEntry("model", "llmh-sim").containsEntry("file", llama.model().modelPath())
          .containsEntry("contextLength", (long) llama.model().contextLength()).containsEntry("bytes", llama.model().modelBytes());
    }
    ServerPersona vllm = ServerPersona.vllm().without("/version");
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults(), vllm);
         ProtocolClient client = openAi(server).client()) {
      Map<String, Object> entry = new ServerProbe().describe(new Endpoint(client, client.probe(), EndpointKind.REMOTE),
          List.of("llmh-sim"), "9.9");
      assertThat(entry).containsEntry("server", "vllm").doesNotContainKey("version");
      assertThat(model(entry)).containsEntry("file", vllm.model().modelPath()).containsEntry("contextLength", (long) vllm.model().contextLength());
      assertThat(notMeasured(entry)).contains("server version: endpoint offers no GET /version route (HTTP 404)");
    }
  }

  @Test
  void theKeyGoesWithTheQuestionsAndIsNeverRecorded() {
    String key = "sk-probe-0123456789abcdef";
    ServerPersona vllm = ServerPersona.vllm();
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withRequiredApiKey(key), vllm)) {
      ProtocolClient keyed = new OpenAiChatClient(Api.OPENAI_CHAT, server.baseUrl(),
          Credentials.bearer(java.util.Optional.of(new dev.llmh.config.Config.Secret(key))), TIMEOUTS, Network.SYSTEM);
      try (keyed) {
        Map<String, Object> entry = new ServerProbe().describe(endpoint(keyed), List.of("llmh-sim"), "9.9");
        // /version and the listing both sit behind the key: answered, so it was sent
        assertThat(entry).containsEntry("version", vllm.version());
        assertThat(model(entry)).containsEntry("file", vllm.model().modelPath());
        assertThat(entry.toString()).doesNotContain(key);
      }
      ProtocolClient keyless = new OpenAiChatClient(Api.OPENAI_CHAT, server.baseUrl(), Credentials.NONE, TIMEOUTS, Network.SYSTEM);
      try (keyless) {
        Endpoint endpoint = new Endpoint(keyless, new dev.llmh.client.EndpointInfo(List.of("llmh-sim"), "vllm", null), EndpointKind.REMOTE);
        Map<String, Object> entry = new ServerProbe().describe(endpoint, List.of("llmh-sim"), "9.9");
        assertThat(notMeasured(entry)).anySatisfy(r -> assertThat(r).startsWith("server version: GET /version answered HTTP 401"));
      }
    }
  }

  @Test
  void theSimulatorAsItselfAndAServerOfUnknownKind() {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults());
         ProtocolClient client = openAi(server).client()) {
      Endpoint asItself = new Endpoint(client, client.probe(), EndpointKind.SIMULATED);
      Map<String, Object> entry = new ServerProbe().describe(asItself, List.of("llmh-sim"), "9.9");
      assertThat(entry).containsEntry("server", "llmh-simulator").containsEntry("version", "9.9");
      assertThat(notMeasured(entry)).hasSize(6).allSatisfy(r -> assertThat(r).endsWith("(llmh-sim): the simulator serves no model weights"));

      Endpoint unknown = new Endpoint(client, new dev.llmh.client.EndpointInfo(List.of("m"), "someone", null), EndpointKind.REMOTE);
      Map<String, Object> guessed = new ServerProbe().describe(unknown, List.of("m"), "9.9");
      assertThat(guessed).doesNotContainKey("server").doesNotContainKey("version");
      assertThat(notMeasured(guessed)).contains(
          "server version: endpoint offers no version route (tried GET /api/version, /props and /version)",
          "model file (m): the server's kind is unknown (its listing's owned_by is 'someone')");
    }
  }

  @Test
  void aHangingRouteCostsTheRequestTimeoutAndIsAReason() {
    ServerPersona hanging = ServerPersona.llamaCpp().hangingOn("/props");
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults(), hanging);
         ProtocolClient client = openAi(server).client()) {
      long start = System.nanoTime();
      Map<String, Object> entry = new ServerProbe().describe(new Endpoint(client, client.probe(), EndpointKind.REMOTE),
          List.of("llmh-sim"), "9.9");
      double seconds = (System.nanoTime() - start) / 1e9;
      // the 2 s timeout, and before the route's hang would have ended: a probe that waited for it takes 60 s
      assertThat(seconds).isGreaterThanOrEqualTo(1.9).isLessThan(ServerPersona.HANG.toSeconds());
      assertThat(notMeasured(entry)).contains("server version: GET /props timed out after 2000 ms",
          "model file (llmh-sim): GET /props timed out after 2000 ms");
      // The listing still answered: what it says is kept.
      assertThat(model(entry)).containsEntry("bytes", hanging.model().modelBytes());
    }
  }

  @Test
  void theBudgetBoundsEveryServerTogether() {
    ServerPersona hanging = ServerPersona.vllm().hangingOn("/version");
    try (SimulatedServer first = SimulatedServer.start(SimulatorSettings.defaults(), hanging);
         SimulatedServer second = SimulatedServer.start(SimulatorSettings.defaults(), hanging)) {
      List<Endpoint> endpoints = List.of(openAi(first), openAi(second));
      // The budget is one request's timeout: the first server's hanging version route spends it all.
      ServerProbe probe = new ServerProbe(Duration.ofMillis(400), Duration.ofMillis(400));
      long start = System.nanoTime();
      List<Map<String, Object>> entries = new ArrayList<>();
      for (Endpoint endpoint : endpoints) {
        entries.add(probe.describe(endpoint, List.of("llmh-sim"), "9.9"));
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      endpoints.forEach(e -> e.client().close());
      // one budget for both: the second server is not asked once the first spent it (the messages
      // below say so); how soon after the budget the loop ends is this machine's, so only the hang bounds it
      assertThat(seconds).isGreaterThanOrEqualTo(0.35).isLessThan(ServerPersona.HANG.toSeconds());
      // what is left of the budget, a hair under 400 ms once the first question was on its way
      assertThat(notMeasured(entries.get(0))).anySatisfy(r -> assertThat(r).matches("server version: GET /version timed out after (39\\d|400) ms"))
          .contains("model file (llmh-sim): not asked: the 400 ms budget for asking servers was spent");
      assertThat(notMeasured(entries.get(1))).contains("server version: not asked: the 400 ms budget for asking servers was spent");
    }
  }
}
