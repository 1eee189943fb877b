package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.front.BadRequest;

/**
 * A request's {@code response_format} as the JSON Schema the engine samples under, read as llama.cpp's
 * server reads it: {@code {"type": "text"}} or none constrains nothing; {@code {"type":
 * "json_object"}} allows any JSON object (the schema {@code {"type": "object"}}); {@code {"type":
 * "json_schema", "json_schema": {"schema": {...}}}} JSON following the schema. A malformed one is a
 * 400 saying what was wrong, before the request waits for a slot; a schema the engine cannot enforce
 * is a 400 from the engine ({@link dev.llmh.embedded.engine.Engine.UnusableSchemaException}).
 * Ollama's {@code format} is read the same way ({@link #ofOllama}).
 */
final class ResponseSchema {
  static final String ANY_OBJECT = "{\"type\":\"object\"}";

  private ResponseSchema() {}

  /** The schema {@code root}'s {@code response_format} asks for, as JSON text, or null when it asks for none. */
  static String of(JsonNode root) throws BadRequest {
    JsonNode format = root.get("response_format");
    if (format == null || format.isNull()) {
      return null;
    }
    if (!format.isObject() || !format.path("type").isTextual()) {
      throw new BadRequest("'response_format' must be an object with a 'type': {\"type\": \"json_object\"} or"
          + " {\"type\": \"json_schema\", \"json_schema\": {\"schema\": {...}}}, was " + excerpt(format));
    }
    switch (format.get("type").textValue()) {
      case "text" -> {
        return null;
      }
      case "json_object" -> {
        return ANY_OBJECT;
      }
      case "json_schema" -> {
        JsonNode schema = format.path("json_schema").path("schema");
        if (!schema.isObject()) {
          throw new BadRequest("'response_format' of type json_schema needs 'json_schema.schema', a JSON Schema object;"
              + " was " + excerpt(format));
        }
        return schema.toString();
      }
      default -> throw new BadRequest("'response_format.type' must be text, json_object or json_schema, was '"
          + format.get("type").textValue() + "'");
    }
  }

  /**
   * The schema Ollama's {@code format} asks for: {@code "json"} any JSON object, an object the
   * JSON Schema itself; none or {@code ""} constrains nothing.
   */
  static String ofOllama(JsonNode root) throws BadRequest {
    JsonNode format = root.get("format");
    if (format == null || format.isNull() || format.isTextual() && format.textValue().isEmpty()) {
      return null;
    }
    if (format.isTextual() && format.textValue().equals("json")) {
      return ANY_OBJECT;
    }
    if (format.isObject()) {
      return format.toString();
    }
    throw new BadRequest("'format' must be \"json\" or a JSON Schema object, was " + excerpt(format));
  }

  private static String excerpt(JsonNode node) {
    String text = node.toString();
    return text.length() <= 200 ? text : text.substring(0, 200) + "…";
  }
}
