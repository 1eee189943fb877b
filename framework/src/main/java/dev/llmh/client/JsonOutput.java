package dev.llmh.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;

/**
 * Constrained output ({@code @ResponseFormat}) as each protocol asks for it: any JSON object, or JSON
 * following a schema read from the test classpath before the case's first request.
 *
 * @param name the schema's name, as OpenAI's {@code json_schema.name} wants it ({@code [a-zA-Z0-9_-]}, at
 *     most 64): the file's name before its first dot; null for any JSON object
 * @param schema the JSON Schema, or null for any JSON object
 */
public record JsonOutput(String name, JsonNode schema) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Any JSON object. */
  public static final JsonOutput ANY_OBJECT = new JsonOutput(null, null);

  /**
   * The schema at {@code path} on the test classpath, read through {@code loader} (the scenario's)
   * before the case's first request.
   *
   * @throws IllegalArgumentException naming the file when it is missing or not one JSON object
   */
  public static JsonOutput load(ClassLoader loader, String path) {
    String declared = "@ResponseFormat(schema = \"" + path + "\")";
    JsonNode schema;
    try (InputStream in = loader.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException(declared + ": no such file on the test classpath; put it under src/test/resources/" + path);
      }
      schema = JSON.readTree(in);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(declared + " is not JSON: " + e.getOriginalMessage() + " at line "
          + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + "; fix the file");
    } catch (IOException e) {
      throw new IllegalArgumentException(declared + " cannot be read: " + e, e);
    }
    if (schema == null || !schema.isObject()) {
      throw new IllegalArgumentException(declared + " is not a JSON Schema: a schema is one JSON object, e.g."
          + " {\"type\": \"object\", \"required\": [\"name\"]}");
    }
    return new JsonOutput(name(path), schema);
  }

  /** {@code data/person.schema.json} → {@code person}. */
  static String name(String path) {
    String file = path.substring(path.lastIndexOf('/') + 1);
    int dot = file.indexOf('.');
    String name = (dot > 0 ? file.substring(0, dot) : file).replaceAll("[^a-zA-Z0-9_-]", "_");
    return name.substring(0, Math.min(64, name.length()));
  }

  /** OpenAI's {@code response_format}: {@code json_object}, or a strict {@code json_schema}. */
  JsonNode openAi() {
    ObjectNode format = JsonNodeFactory.instance.objectNode();
    if (schema == null) {
      return format.put("type", "json_object");
    }
    format.put("type", "json_schema");
    format.putObject("json_schema").put("name", name).<ObjectNode>set("schema", schema.deepCopy()).put("strict", true);
    return format;
  }

  /** Ollama's {@code format}: {@code "json"}, or the schema itself. */
  JsonNode ollama() {
    return schema == null ? JsonNodeFactory.instance.textNode("json") : schema.deepCopy();
  }
}
