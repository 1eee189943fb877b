package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * Server options ({@code @Endpoint(options)}, {@code llmh.options}) written into a request body the way
 * each protocol expects: an OpenAI-compatible server takes them as extra top-level fields (vLLM's
 * {@code top_k}, llama.cpp's {@code n_keep}); Ollama takes model options under {@code options}
 * ({@code num_ctx}, {@code num_batch}...) and a few request fields at the top level.
 */
final class RequestOptions {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Fields of Ollama's {@code /api/chat} and {@code /api/generate} that sit beside {@code options}. */
  static final Set<String> OLLAMA_TOP_LEVEL =
      Set.of("keep_alive", "format", "think", "raw", "system", "template", "context", "suffix", "tools");

  private RequestOptions() {}

  /** Every option as a top-level field, after (so over) the harness's own. */
  static void openAi(ObjectNode body, Map<String, Object> options) {
    options.forEach((key, value) -> body.set(key, node(value)));
  }

  /** Ollama's request fields at the top level, everything else under {@code options}. */
  static void ollama(ObjectNode body, ObjectNode modelOptions, Map<String, Object> options) {
    options.forEach((key, value) -> (OLLAMA_TOP_LEVEL.contains(key) ? body : modelOptions).set(key, node(value)));
  }

  /** A number, a boolean, JSON for a text that is an array or object, else the text. */
  static JsonNode node(Object value) {
    if (value instanceof Long n) {
      return n == n.intValue() ? JsonNodeFactory.instance.numberNode(n.intValue()) : JsonNodeFactory.instance.numberNode(n);
    }
    if (value instanceof Double d) {
      return JsonNodeFactory.instance.numberNode(d);
    }
    if (value instanceof Boolean b) {
      return JsonNodeFactory.instance.booleanNode(b);
    }
    String text = String.valueOf(value);
    if (text.startsWith("[") || text.startsWith("{")) {
      try {
        return MAPPER.readTree(text);
      } catch (IOException e) {
        // not JSON after all: sent as the text it is
      }
    }
    return JsonNodeFactory.instance.textNode(text);
  }
}
