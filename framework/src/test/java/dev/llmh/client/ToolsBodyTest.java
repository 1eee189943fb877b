package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.Api;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @Tools}: read whole before the first request, and sent as {@code tools} by OpenAI chat and Ollama chat. */
class ToolsBodyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ClassLoader LOADER = ToolsBodyTest.class.getClassLoader();

  private static ChatRequest request(ToolDefinitions tools) {
    return ChatRequest.builder("m", "What is the weather in Paris?", 32).seed(1).tools(tools).build();
  }

  @Test
  void bothChatProtocolsSendTheDefinitionsAsTheFileHasThem() throws Exception {
    ToolDefinitions tools = ToolDefinitions.load(LOADER, "tools/weather-tools.json");
    assertThat(tools.names()).containsExactly("get_weather", "get_time");
    JsonNode file = JSON.readTree(LOADER.getResourceAsStream("tools/weather-tools.json"));
    for (JsonNode body : new JsonNode[] {
        JSON.readTree(OpenAiChatClient.body(request(tools), false)), JSON.readTree(OllamaClient.body(Api.OLLAMA_CHAT, request(tools)))}) {
      assertThat(body.get("tools")).isEqualTo(file);
      assertThat(body.get("messages").get(0).get("content").asText()).isEqualTo("What is the weather in Paris?");
    }
  }

  @Test
  void noToolsNoField() throws Exception {
    assertThat(JSON.readTree(OpenAiChatClient.body(request(null), false)).has("tools")).isFalse();
    assertThat(JSON.readTree(OllamaClient.body(Api.OLLAMA_CHAT, request(null))).has("tools")).isFalse();
  }

  @Test
  void aFileThatIsMissingOrNotToolDefinitionsIsRefusedNamingIt() {
    assertThatThrownBy(() -> ToolDefinitions.load(LOADER, "tools/nope.json"))
        .hasMessage("@Tools(\"tools/nope.json\"): no such file on the test classpath; put it under src/test/resources/tools/nope.json");
    assertThatThrownBy(() -> ToolDefinitions.load(LOADER, "tools/not-an-array.json"))
        .hasMessageStartingWith("@Tools(\"tools/not-an-array.json\") holds a JSON object; write a JSON array of OpenAI tool definitions");
    assertThatThrownBy(() -> ToolDefinitions.load(LOADER, "tools/nameless.json"))
        .hasMessageStartingWith("@Tools(\"tools/nameless.json\") tool 1 has no \"function\": {\"name\": ...}");
    assertThatThrownBy(() -> ToolDefinitions.load(LOADER, "tools/cut.json"))
        .hasMessageStartingWith("@Tools(\"tools/cut.json\") is not JSON: ");
  }

  @Test
  void aCheckOnAFunctionTheFileDoesNotDeclareIsRefused() {
    dev.llmh.runner.ScenarioRunner runner = new dev.llmh.runner.ScenarioRunner() {
      @Override public String scenarioClassName() { return "x.Weather"; }
      @Override public List<dev.llmh.runner.PromptDeclaration> prompts() { return List.of(); }
      @Override public List<dev.llmh.runner.ParamDeclaration> params() { return List.of(); }
      @Override public String prompt(String promptName, Map<String, String> paramValues) { return ""; }
      @Override public String toolsFile() { return "tools/weather-tools.json"; }
      @Override public List<dev.llmh.runner.CheckDeclaration> checks() {
        return List.of(dev.llmh.runner.CheckDeclaration.toolCall("get_wether", List.of("city")));
      }
    };
    assertThatThrownBy(() -> ToolDefinitions.of(runner)).hasMessage("@ExpectToolCall(name = \"get_wether\"): @Tools(\"tools/weather-tools.json\")"
        + " declares no function of that name (it declares get_weather, get_time); name one of them, or add its definition to the file");
  }
}
