package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.Config;
import dev.llmh.measure.RequestSample;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorHook;
import dev.llmh.sim.SimulatorSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OpenAiChatClientTest {

  @Test
  void requestCarriesEverySamplingAndStreamingField() throws Exception {
    JsonNode body = new ObjectMapper().readTree(OpenAiChatClient.body(ChatRequest.builder("m", "hi", 7).seed(42)
        .cachePrompt(Boolean.FALSE).build(), false));
    assertThat(body.get("model").asText()).isEqualTo("m");
    assertThat(body.get("messages").get(0).get("role").asText()).isEqualTo("user");
    assertThat(body.get("messages").get(0).get("content").asText()).isEqualTo("hi");
    assertThat(body.get("max_tokens").asInt()).isEqualTo(7);
    assertThat(body.get("temperature").asDouble()).isEqualTo(0.0);
    assertThat(body.get("seed").asLong()).isEqualTo(42);
    assertThat(body.get("stream").asBoolean()).isTrue();
    assertThat(body.get("stream_options").get("include_usage").asBoolean()).isTrue();
    assertThat(body.get("cache_prompt").asBoolean()).isFalse();

    JsonNode strict = new ObjectMapper().readTree(OpenAiChatClient.body(ChatRequest.builder(null, "hi", 7)
        .temperature(0.5).seed(1).build(), false));
    assertThat(strict.has("cache_prompt")).as("strict OpenAI servers reject unknown fields").isFalse();
    assertThat(strict.has("model")).isFalse();
    assertThat(strict.get("stream_options").has("continuous_usage_stats")).isFalse();
  }

  @Test
  void usageOnEveryChunkIsAskedOfVllmOnlyAndGivesPerTokenCounts() throws Exception {
    for (String owner : new String[] {"vllm", "openai"}) {
      java.util.List<JsonNode> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();
      com.sun.net.httpserver.HttpServer server =
          com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext("/v1/models", ex -> reply(ex, "application/json",
          "{\"data\":[{\"id\":\"m\",\"owned_by\":\"" + owner + "\"}]}"));
      // vLLM's shape: with continuous_usage_stats every chunk carries the running usage; two tokens a chunk.
      server.createContext("/v1/chat/completions", ex -> {
        JsonNode body = new ObjectMapper().readTree(ex.getRequestBody().readAllBytes());
        bodies.add(body);
        boolean continuous = body.path("stream_options").path("continuous_usage_stats").asBoolean(false);
        StringBuilder sse = new StringBuilder();
        for (int k = 1; k <= 3; k++) {
          sse.append("data: {\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" two words\"}}]")
              .append(continuous ? ",\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":" + 2 * k + "}" : "").append("}\n\n");
        }
        sse.append("data: {\"model\":\"m\",\"choices\":[],\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":6}}\n\n");
        sse.append("data: [DONE]\n\n");
        reply(ex, "text/event-stream", sse.toString());
      });
      server.start();
      try (OpenAiChatClient client = new OpenAiChatClient("http://127.0.0.1:" + server.getAddress().getPort() + "/v1",
          Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
        client.probe();
        RequestSample sample = client.send(ChatRequest.builder("m", "hi", 6).seed(42).build());
        assertThat(sample.error()).isNull();
        boolean vllm = owner.equals("vllm");
        assertThat(bodies.get(0).get("stream_options").has("continuous_usage_stats")).as(owner).isEqualTo(vllm);
        assertThat(sample.tokens().chunkTokens()).as(owner).isEqualTo(vllm ? java.util.List.of(2, 2, 2) : java.util.List.of());
        assertThat(dev.llmh.measure.RequestMetrics.of(sample).latency().itlTokenMs() != null).as(owner).isEqualTo(vllm);
      } finally {
        server.stop(0);
      }
    }
  }

  private static void reply(com.sun.net.httpserver.HttpExchange exchange, String type, String body) throws java.io.IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(200, bytes.length);
    try (var out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Test
  void streamsATimestampPerTextChunkAndTheServersUsage() {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withDecodeTokensPerSecond(1000));
        OpenAiChatClient client = new OpenAiChatClient(server.baseUrl(), Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
      assertThat(client.probe().ownedBy()).isEqualTo("llmh-sim");
      RequestSample sample = client.send(ChatRequest.builder("anything", "Say five words", 5).seed(42)
          .cachePrompt(Boolean.FALSE).build());
      assertThat(sample.error()).isNull();
      assertThat(sample.timing().textChunkNanos()).hasSize(5).isSorted();
      assertThat(sample.tokens().usageOutputTokens()).isEqualTo(5);
      assertThat(sample.tokens().promptTokens()).isEqualTo(3);
      assertThat(sample.server().finishReason()).isEqualTo("length");
      assertThat(sample.server().servedModel()).isEqualTo("llmh-sim");
      assertThat(sample.timing().startNanos()).isLessThan(sample.timing().textChunkNanos().get(0));
      assertThat(sample.timing().endNanos()).isGreaterThanOrEqualTo(sample.timing().textChunkNanos().get(4));
    }
  }

  @Test
  void anHttpErrorIsAFailedSampleWithStatusAndBodyButNeverTheKey() {
    String key = "sk-echoed-123";
    SimulatorHook echoingServer =
        new SimulatorHook() {
          @Override
          public boolean interceptRequest(long number, com.sun.net.httpserver.HttpExchange exchange) throws java.io.IOException {
            byte[] body = ("{\"error\":\"bad gateway for " + exchange.getRequestHeaders().getFirst("Authorization") + "\"}")
                .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(502, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
            return true;
          }
        };
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withHook(echoingServer));
        OpenAiChatClient client = new OpenAiChatClient(server.baseUrl(), Optional.of(new Config.Secret(key)), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
      RequestSample sample = client.send(ChatRequest.builder("m", "hi", 5).seed(42).build());
      assertThat(sample.succeeded()).isFalse();
      assertThat(sample.error()).startsWith("HTTP 502: ").contains("bad gateway for Bearer <hidden>").doesNotContain(key);
    }
  }
}
