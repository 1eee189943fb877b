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
    JsonNode body = new ObjectMapper().readTree(OpenAiChatClient.body(new ChatRequest("m", "hi", 7, 0.0, 42, true)));
    assertThat(body.get("model").asText()).isEqualTo("m");
    assertThat(body.get("messages").get(0).get("role").asText()).isEqualTo("user");
    assertThat(body.get("messages").get(0).get("content").asText()).isEqualTo("hi");
    assertThat(body.get("max_tokens").asInt()).isEqualTo(7);
    assertThat(body.get("temperature").asDouble()).isEqualTo(0.0);
    assertThat(body.get("seed").asLong()).isEqualTo(42);
    assertThat(body.get("stream").asBoolean()).isTrue();
    assertThat(body.get("stream_options").get("include_usage").asBoolean()).isTrue();
    assertThat(body.get("cache_prompt").asBoolean()).isFalse();

    JsonNode strict = new ObjectMapper().readTree(OpenAiChatClient.body(new ChatRequest(null, "hi", 7, 0.5, 1, false)));
    assertThat(strict.has("cache_prompt")).as("strict OpenAI servers reject unknown fields").isFalse();
    assertThat(strict.has("model")).isFalse();
  }

  @Test
  void streamsATimestampPerTextChunkAndTheServersUsage() {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withDecodeTokensPerSecond(1000));
        OpenAiChatClient client = new OpenAiChatClient(server.baseUrl(), Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
      assertThat(client.probe().ownedBy()).isEqualTo("llmh-sim");
      RequestSample sample = client.send(new ChatRequest("anything", "Say five words", 5, 0, 42, true));
      assertThat(sample.error()).isNull();
      assertThat(sample.textChunkNanos()).hasSize(5).isSorted();
      assertThat(sample.usageOutputTokens()).isEqualTo(5);
      assertThat(sample.promptTokens()).isEqualTo(3);
      assertThat(sample.finishReason()).isEqualTo("length");
      assertThat(sample.servedModel()).isEqualTo("llmh-sim");
      assertThat(sample.startNanos()).isLessThan(sample.textChunkNanos().get(0));
      assertThat(sample.endNanos()).isGreaterThanOrEqualTo(sample.textChunkNanos().get(4));
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
      RequestSample sample = client.send(new ChatRequest("m", "hi", 5, 0, 42, false));
      assertThat(sample.succeeded()).isFalse();
      assertThat(sample.error()).startsWith("HTTP 502: ").contains("bad gateway for Bearer <hidden>").doesNotContain(key);
    }
  }
}
