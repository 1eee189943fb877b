package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.embedded.engine.Engine.Tool;
import dev.llmh.front.BadRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * A chat request's {@code tools}, read as OpenAI defines them: an array of {@code {"type":
 * "function", "function": {"name", "description"?, "parameters"?}}}. The model's template sees them,
 * and the answer's tool calls are parsed ({@link Channels}). {@code tool_choice} may be {@code auto}
 * (the default) or {@code none}, which offers no tools; forcing a call is not supported and is a 400
 * rather than a request silently served otherwise. A malformed tool is a 400 naming it — llama.cpp
 * itself would end the process on one.
 */
final class RequestTools {
  /** What a tool without parameters takes: nothing. */
  static final String NO_PARAMETERS = "{\"type\":\"object\",\"properties\":{}}";

  private RequestTools() {}

  static List<Tool> of(JsonNode root) throws BadRequest {
    JsonNode tools = root.get("tools");
    JsonNode choice = root.get("tool_choice");
    if (choice != null && !choice.isNull() && !(choice.isTextual() && List.of("auto", "none").contains(choice.textValue()))) {
      throw new BadRequest("'tool_choice' may be \"auto\" or \"none\" on the embedded server, was " + choice
          + "; it cannot force a tool call");
    }
    if (tools == null || tools.isNull() || (choice != null && "none".equals(choice.textValue()))) {
      return List.of();
    }
    if (!tools.isArray()) {
      throw new BadRequest("'tools' must be an array of {\"type\": \"function\", \"function\": {\"name\": ...}}");
    }
    List<Tool> read = new ArrayList<>();
    for (int i = 0; i < tools.size(); i++) {
      read.add(tool(tools.get(i), "'tools[" + i + "]'"));
    }
    return read;
  }

  private static Tool tool(JsonNode tool, String where) throws BadRequest {
    JsonNode function = tool.path("function");
    if (!tool.isObject() || !"function".equals(tool.path("type").asText("function")) || !function.isObject()) {
      throw new BadRequest(where + " must be {\"type\": \"function\", \"function\": {...}}, was " + tool);
    }
    JsonNode name = function.get("name");
    if (name == null || !name.isTextual() || name.textValue().isBlank()) {
      throw new BadRequest(where + ".function needs a 'name', a non-blank string");
    }
    JsonNode description = function.get("description");
    if (description != null && !description.isNull() && !description.isTextual()) {
      throw new BadRequest(where + ".function.description must be a string");
    }
    JsonNode parameters = function.get("parameters");
    if (parameters != null && !parameters.isNull() && !parameters.isObject()) {
      throw new BadRequest(where + ".function.parameters must be a JSON Schema object");
    }
    return new Tool(name.textValue(), description == null || description.isNull() ? "" : description.textValue(),
        parameters == null || parameters.isNull() ? NO_PARAMETERS : parameters.toString());
  }
}
