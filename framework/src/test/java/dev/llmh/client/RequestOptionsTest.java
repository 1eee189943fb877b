package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.Api;
import dev.llmh.config.ServerOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Server options in each protocol's request body. */
class RequestOptionsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Map<String, Object> OPTIONS =
      ServerOptions.parse(List.of("num_ctx=8192", "keep_alive=10m", "top_k=20", "stop=[\"x\"]"));

  private static ChatRequest chat() {
    return ChatRequest.builder("m", "hi", 8).seed(42).options(OPTIONS).build();
  }

  @Test
  void ollamaTakesModelOptionsUnderOptionsAndRequestFieldsAtTheTop() throws Exception {
    JsonNode body = MAPPER.readTree(OllamaClient.body(Api.OLLAMA_CHAT, chat()));
    assertThat(body.path("options").path("num_ctx").intValue()).isEqualTo(8192);
    assertThat(body.path("options").path("top_k").intValue()).isEqualTo(20);
    assertThat(body.path("options").path("stop").get(0).asText()).isEqualTo("x");
    assertThat(body.path("options").path("num_predict").intValue()).isEqualTo(8);
    assertThat(body.path("keep_alive").asText()).isEqualTo("10m");
    assertThat(body.path("options").has("keep_alive")).isFalse();
  }

  @Test
  void anOpenAiCompatibleServerTakesThemAsExtraBodyFields() throws Exception {
    JsonNode body = MAPPER.readTree(OpenAiChatClient.body(chat(), false));
    assertThat(body.path("num_ctx").intValue()).isEqualTo(8192);
    assertThat(body.path("top_k").intValue()).isEqualTo(20);
    assertThat(body.path("keep_alive").asText()).isEqualTo("10m");
    assertThat(body.path("max_tokens").intValue()).isEqualTo(8);
  }

  @Test
  void ollamasContextIsReadFromItsModelParameters() {
    assertThat(OllamaClient.numCtx("num_ctx                        8192\nstop \"<|im_end|>\"")).isEqualTo(8192);
    assertThat(OllamaClient.numCtx("stop \"<|im_end|>\"")).isNull();
  }
}
