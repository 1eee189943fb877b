package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Ollama's {@code message.tool_calls}: whole calls, {@code [{"function": {"name": "get_weather",
 * "arguments": {"city": "Paris"}}}]}, the arguments an object (kept as its JSON) or, from some
 * versions, text.
 */
final class OllamaToolCalls {
  private OllamaToolCalls() {}

  /** The calls {@code message} carries, each a piece with no index (a call of its own); null when none. */
  static List<ToolDelta> of(JsonNode message) {
    JsonNode calls = message.path("tool_calls");
    if (!calls.isArray() || calls.isEmpty()) {
      return null;
    }
    List<ToolDelta> pieces = new ArrayList<>(calls.size());
    for (JsonNode call : calls) {
      JsonNode function = call.path("function");
      JsonNode arguments = function.path("arguments");
      pieces.add(new ToolDelta(null, call.hasNonNull("id") ? call.get("id").asText() : null,
          function.path("name").isTextual() ? function.get("name").asText() : null,
          arguments.isTextual() ? arguments.asText() : arguments.isMissingNode() || arguments.isNull() ? null : arguments.toString()));
    }
    return pieces;
  }
}
