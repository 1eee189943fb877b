package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.Api;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @ResponseFormat} as each protocol's request body carries it, byte for byte what is sent,
 * and its schema read from the test classpath, or the case refused naming the file.
 */
class ResponseFormatBodyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"year\":{\"type\":\"integer\"}},"
          + "\"required\":[\"name\",\"year\"],\"additionalProperties\":false}";

  private static ChatRequest request(JsonOutput format) {
    return ChatRequest.builder("m", "Name a film.", 7).seed(42).responseFormat(format).build();
  }

  private static JsonOutput person(Path dir) throws Exception {
    Files.writeString(dir.resolve("person.schema.json"), SCHEMA);
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
      return JsonOutput.load(loader, "person.schema.json");
    }
  }

  @Test
  void openAiSendsResponseFormatJsonObjectOrAStrictJsonSchema(@TempDir Path dir) throws Exception {
    for (JsonNode body : new JsonNode[] {
        JSON.readTree(OpenAiChatClient.body(request(JsonOutput.ANY_OBJECT), false)),
        JSON.readTree(OpenAiChatClient.completionsBody(request(JsonOutput.ANY_OBJECT), false))}) {
      assertThat(body.get("response_format").toString()).isEqualTo("{\"type\":\"json_object\"}");
    }
    JsonNode body = JSON.readTree(OpenAiChatClient.body(request(person(dir)), false));
    assertThat(body.get("response_format").toString())
        .isEqualTo("{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"person\",\"schema\":" + SCHEMA + ",\"strict\":true}}");
    assertThat(JSON.readTree(OpenAiChatClient.body(request(null), false)).has("response_format")).isFalse();
  }

  @Test
  void ollamaSendsFormatJsonOrTheSchemaOnBothPaths(@TempDir Path dir) throws Exception {
    JsonOutput person = person(dir);
    for (Api api : new Api[] {Api.OLLAMA_CHAT, Api.OLLAMA_GENERATE}) {
      assertThat(JSON.readTree(OllamaClient.body(api, request(JsonOutput.ANY_OBJECT))).get("format").toString())
          .isEqualTo("\"json\"");
      JsonNode body = JSON.readTree(OllamaClient.body(api, request(person)));
      assertThat(body.get("format").toString()).isEqualTo(SCHEMA);
      assertThat(body.get("options").has("format")).isFalse();
      assertThat(JSON.readTree(OllamaClient.body(api, request(null))).has("format")).isFalse();
    }
  }

  @Test
  void aMissingOrMalformedSchemaIsRefusedNamingTheFile(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("broken.json"), "{\"type\": \"object\",}");
    Files.writeString(dir.resolve("list.json"), "[1]");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
      assertThatThrownBy(() -> JsonOutput.load(loader, "missing.schema.json")).hasMessage(
          "@ResponseFormat(schema = \"missing.schema.json\"): no such file on the test classpath; put it under"
              + " src/test/resources/missing.schema.json");
      assertThatThrownBy(() -> JsonOutput.load(loader, "broken.json"))
          .hasMessageStartingWith("@ResponseFormat(schema = \"broken.json\") is not JSON: ")
          .hasMessageContaining("at line 1, column 19; fix the file");
      assertThatThrownBy(() -> JsonOutput.load(loader, "list.json"))
          .hasMessageStartingWith("@ResponseFormat(schema = \"list.json\") is not a JSON Schema: a schema is one JSON object");
    }
  }

  @Test
  void theSchemasNameIsTheFilesAsOpenAiAllowsIt() {
    assertThat(JsonOutput.name("data/person.schema.json")).isEqualTo("person");
    assertThat(JsonOutput.name("my film list.json")).isEqualTo("my_film_list");
    assertThat(JsonOutput.name("x".repeat(80) + ".json")).hasSize(64);
  }
}
