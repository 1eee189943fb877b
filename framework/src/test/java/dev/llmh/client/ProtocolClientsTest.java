package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorHook;
import dev.llmh.sim.SimulatorSettings;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ProtocolClientsTest {

  @Test
  void theUrlDecidesWhenNobodyNamedAProtocol() {
    assertThat(Api.detect("http://localhost:11434")).isEqualTo(Api.OLLAMA_CHAT);
    assertThat(Api.detect("http://gpu:11434/")).isEqualTo(Api.OLLAMA_CHAT);
    assertThat(Api.detect("http://localhost:11434/v1")).isEqualTo(Api.OPENAI_CHAT);
    assertThat(Api.detect("http://localhost:8080")).isEqualTo(Api.OPENAI_CHAT);
    assertThat(Api.detect("embedded")).isEqualTo(Api.OPENAI_CHAT);
  }

  @Test
  void ollamaTakesSamplingUnderOptions() throws Exception {
    JsonNode chat = new ObjectMapper().readTree(OllamaClient.body(Api.OLLAMA_CHAT, ChatRequest.builder("m", "hi", 7)
        .temperature(0.5).seed(42).cachePrompt(Boolean.FALSE).build()));
    assertThat(chat.get("messages").get(0).get("content").asText()).isEqualTo("hi");
    assertThat(chat.get("options").get("num_predict").asInt()).isEqualTo(7);
    assertThat(chat.get("options").get("seed").asLong()).isEqualTo(42);
    assertThat(chat.get("stream").asBoolean()).isTrue();
    assertThat(chat.has("cache_prompt")).isFalse();
    JsonNode generate = new ObjectMapper().readTree(OllamaClient.body(Api.OLLAMA_GENERATE, ChatRequest.builder("m", "hi", 7)
        .seed(1).cachePrompt(Boolean.FALSE).build()));
    assertThat(generate.get("prompt").asText()).isEqualTo("hi");
    assertThat(generate.has("messages")).isFalse();
  }

  @Test
  void ollamaStreamsLinesAndItsOwnCounters() {
    SimulatorSettings settings = SimulatorSettings.defaults().withDecodeTokensPerSecond(1000).withReasoningTokens(2);
    try (SimulatedServer server = SimulatedServer.start(settings);
        OllamaClient client = new OllamaClient(Api.OLLAMA_GENERATE, server.rootUrl(), Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
      assertThat(client.probe().modelIds()).containsExactly("llmh-sim");
      RequestSample sample = client.send(ChatRequest.builder("any", "Say five words", 5).seed(42).build());
      assertThat(sample.error()).isNull();
      assertThat(sample.timing().textChunkNanos()).hasSize(5).isSorted();
      assertThat(sample.timing().reasoningChunks()).isEqualTo(2);
      assertThat(sample.timing().firstAnswerNanos()).isEqualTo(sample.timing().textChunkNanos().get(2));
      assertThat(sample.tokens().usageOutputTokens()).isEqualTo(5);
      assertThat(sample.tokens().promptTokens()).isEqualTo(3);
      assertThat(sample.server().finishReason()).isEqualTo("length");
      assertThat(sample.server().serverTimings()).containsKeys("load_ms", "prompt_eval_ms", "eval_ms", "total_ms");
    }
  }

  @Test
  void ollamaAlsoGivesUpWhenTheFirstTokenIsLate() throws InterruptedException {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withFirstTokenDelay(Duration.ofMillis(800)));
        OllamaClient client = new OllamaClient(Api.OLLAMA_CHAT, server.rootUrl(), Credentials.NONE,
            new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofMillis(150), Duration.ofSeconds(30)), Network.SYSTEM)) {
      RequestSample sample = client.send(ChatRequest.builder("m", "hi", 4).seed(42).build());
      long gaveUp = System.nanoTime();
      assertThat(sample.error()).startsWith("first-token timeout").contains("llmh.timeout.firstToken");
      assertThat(sample.timing().textChunkNanos()).isEmpty();
      // it gave up before the server's first token was due, in the server's own record of the request
      ServedRequest served = server.awaitServedRequests(1, Duration.ofSeconds(5)).get(0);
      assertThat(gaveUp).isLessThan(served.times().slotAcquiredNanos() + Duration.ofMillis(800).toNanos());
    }
  }

  @Test
  void llamaCppTimingsFromTheLastChunkAreKept() {
    SimulatorHook timings = new SimulatorHook() {
      @Override
      public String interceptEvent(long requestNumber, int eventIndex, String payload) {
        // llama.cpp puts its own timings on the chunk that carries finish_reason.
        return payload.contains("\"finish_reason\":\"length\"")
            ? payload.substring(0, payload.length() - 1) + ",\"timings\":{\"prompt_n\":3,\"prompt_ms\":1.5,\"predicted_ms\":4.25}}"
            : payload;
      }
    };
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withDecodeTokensPerSecond(1000).withHook(timings));
        OpenAiChatClient client = new OpenAiChatClient(server.baseUrl(), Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
      RequestSample sample = client.send(ChatRequest.builder("any", "Say two words", 2).seed(42)
          .cachePrompt(Boolean.FALSE).build());
      assertThat(sample.error()).isNull();
      assertThat(sample.server().serverTimings()).containsEntry("prompt_ms", 1.5).containsEntry("predicted_ms", 4.25);
    }
  }

  @Test
  void completionsReadTextAndReasoningChatReadsBothChannels() {
    SimulatorSettings settings = SimulatorSettings.defaults().withDecodeTokensPerSecond(1000).withReasoningTokens(2);
    try (SimulatedServer server = SimulatedServer.start(settings);
        OpenAiChatClient completions = new OpenAiChatClient(Api.OPENAI_COMPLETIONS, server.baseUrl(), Credentials.NONE,
            new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(30)), Network.SYSTEM);
        OpenAiChatClient chat = new OpenAiChatClient(server.baseUrl(), Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
      RequestSample text = completions.send(ChatRequest.builder("any", "Say four words", 4).seed(42)
          .cachePrompt(Boolean.FALSE).build());
      assertThat(text.error()).isNull();
      assertThat(text.timing().textChunkNanos()).hasSize(4);
      assertThat(text.timing().reasoningChunks()).isZero();
      assertThat(text.tokens().usageOutputTokens()).isEqualTo(4);
      RequestSample reasoned = chat.send(ChatRequest.builder("any", "Say four words", 4).seed(42)
          .cachePrompt(Boolean.FALSE).build());
      assertThat(reasoned.timing().textChunkNanos()).hasSize(4);
      assertThat(reasoned.timing().reasoningChunks()).isEqualTo(2);
      assertThat(reasoned.timing().firstAnswerNanos()).isEqualTo(reasoned.timing().textChunkNanos().get(2));
    }
  }

  @Test
  void cumulativeUsageSplitsIntoPerChunkCountsOnlyWhenEveryChunkHasOne() {
    assertThat(StreamRecorder.chunkTokens(java.util.List.of(2, 4, 5))).containsExactly(2, 2, 1);
    assertThat(StreamRecorder.chunkTokens(java.util.Arrays.asList(2, null, 5))).isEmpty();
  }
}
