package dev.llmh.embedded.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.embedded.engine.LlamaEngine;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Log-probabilities as OpenAI writes them, over the real engine: legacy completions whole, chat streamed. */
class LogprobsServerTest {
  private static final Path TARGET = Path.of("target").toAbsolutePath();
  private static final ObjectMapper JSON = new ObjectMapper();
  static LlamaEngine engine;
  static EmbeddedServer server;
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @BeforeAll
  static void start() throws IOException {
    Path model = ModelFiles.ensure(ModelSpec.TINY, TARGET.resolve("test-models"));
    engine = LlamaEngine.open(model, ModelSpec.TINY, 1, 256, TARGET.resolve("jllama-native"));
    server = EmbeddedServer.start(engine, "llmh-tiny", 0);
  }

  @AfterAll
  static void stop() {
    if (server != null && server.stop(Duration.ofSeconds(5))) {
      engine.close();
    }
  }

  private static HttpResponse<String> post(String path, String body) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void legacyCompletionsCarryEachTokensTopLogprobs() throws Exception {
    HttpResponse<String> response = post("/v1/completions",
        "{\"prompt\":\"Define latency.\",\"max_tokens\":6,\"temperature\":0,\"logprobs\":3}");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode choice = JSON.readTree(response.body()).path("choices").path(0);
    JsonNode logprobs = choice.path("logprobs");
    assertThat(logprobs.path("tokens")).hasSize(6);
    StringBuilder joined = new StringBuilder();
    for (int i = 0; i < 6; i++) {
      String token = logprobs.path("tokens").get(i).asText();
      joined.append(token);
      JsonNode top = logprobs.path("top_logprobs").get(i);
      assertThat(top.size()).isEqualTo(3);
      // greedy: the chosen token is the most likely one, with the same log-probability
      assertThat(top.fieldNames().next()).isEqualTo(token);
      assertThat(top.path(token).asDouble()).isEqualTo(logprobs.path("token_logprobs").get(i).asDouble()).isNegative();
    }
    assertThat(joined.toString()).isEqualTo(choice.path("text").asText());
    assertThat(logprobs.path("text_offset").get(0).asInt()).isEqualTo("Define latency.".length());
  }

  @Test
  void streamedChatChunksCarryTheirOwnTokens() throws Exception {
    HttpResponse<String> response = post("/v1/chat/completions", "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
        + "\"max_tokens\":4,\"temperature\":0,\"stream\":true,\"logprobs\":true,\"top_logprobs\":2}");
    assertThat(response.statusCode()).isEqualTo(200);
    List<JsonNode> content = new ArrayList<>();
    for (String line : response.body().split("\n")) {
      if (line.startsWith("data: {")) {
        JsonNode choice = JSON.readTree(line.substring(6)).path("choices").path(0);
        if (choice.path("delta").hasNonNull("content") && !choice.path("delta").path("content").asText().isEmpty()) {
          assertThat(choice.path("logprobs").path("content")).hasSize(1);
          content.add(choice.path("logprobs").path("content").get(0));
          assertThat(content.get(content.size() - 1).path("token").asText()).isEqualTo(choice.path("delta").path("content").asText());
        }
      }
    }
    assertThat(content).hasSize(4).allSatisfy(c -> assertThat(c.path("top_logprobs")).hasSize(2));
  }

  @Test
  void tooManyTopLogprobsAreRefused() throws Exception {
    HttpResponse<String> response = post("/v1/completions", "{\"prompt\":\"Hi\",\"max_tokens\":2,\"logprobs\":21}");
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("at most 20");
  }
}
