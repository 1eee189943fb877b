package dev.llmh.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.llmh.runner.CheckDeclaration;
import dev.llmh.runner.ScenarioRunner;
import dev.llmh.runner.ToolResultDeclaration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A scenario's {@code @Tools}: OpenAI-style tool definitions read whole from the test classpath
 * before the case's first request, so that a missing or malformed file fails the case at once,
 * naming the file, rather than every request being refused by the server.
 *
 * @param path the file's path on the test classpath, as declared
 * @param tools the definitions, sent as they are in every request's {@code tools}: only ever read
 *     (written into bodies), never changed, so every worker shares it
 * @param names each function's name, in file order
 */
public record ToolDefinitions(String path, ArrayNode tools, List<String> names) {

  public ToolDefinitions {
    names = List.copyOf(names);
  }

  /** What a request body carries as {@code tools}. */
  JsonNode json() {
    return tools;
  }

  /**
   * The runner's {@code @Tools} read through its class loader (the test classpath), checked against
   * its {@code @ExpectToolCall}; null when it offers none.
   *
   * @throws IllegalArgumentException naming the file when it is missing, not JSON, not an array of
   *     function definitions, or does not declare a function a check expects
   */
  public static ToolDefinitions of(ScenarioRunner runner) {
    if (runner.toolsFile() == null) {
      return null;
    }
    ToolDefinitions tools = load(runner.getClass().getClassLoader(), runner.toolsFile());
    for (CheckDeclaration check : runner.checks()) {
      if (check.kind() == CheckDeclaration.Kind.TOOL_CALL && !tools.names.contains(check.tool())) {
        throw new IllegalArgumentException("@ExpectToolCall(name = \"" + check.tool() + "\"): @Tools(\"" + tools.path
            + "\") declares no function of that name (it declares " + String.join(", ", tools.names)
            + "); name one of them, or add its definition to the file");
      }
    }
    return tools;
  }

  /**
   * A conversation's turn texts with its {@code @ToolResult} turn's replaced by the result's file,
   * when it names one (read through the runner's class loader); {@code turnTexts} as they are otherwise.
   *
   * @throws IllegalArgumentException naming the file when it is missing or unreadable
   */
  public static List<String> withToolResult(ScenarioRunner runner, List<String> turnTexts) {
    ToolResultDeclaration result = runner.toolResult();
    if (result == null || result.file() == null || result.turn() > turnTexts.size()) {
      return turnTexts;
    }
    List<String> texts = new ArrayList<>(turnTexts);
    texts.set(result.turn() - 1, new String(resource(runner.getClass().getClassLoader(), result.file(),
        "@ToolResult(file = \"" + result.file() + "\")"), StandardCharsets.UTF_8));
    return texts;
  }

  static ToolDefinitions load(ClassLoader loader, String path) {
    String what = "@Tools(\"" + path + "\")";
    byte[] bytes = resource(loader, path, what);
    JsonNode root;
    try {
      root = HttpProtocolClient.MAPPER.readTree(new String(bytes, StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(what + " is not JSON: " + e.getOriginalMessage()
          + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()) + SHAPE);
    }
    if (root == null || !root.isArray() || root.isEmpty()) {
      throw new IllegalArgumentException(what + " holds " + (root == null || root.isMissingNode() ? "nothing"
          : root.isArray() ? "an empty array" : "a JSON " + root.getNodeType().name().toLowerCase(java.util.Locale.ROOT)) + SHAPE);
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < root.size(); i++) {
      JsonNode tool = root.get(i);
      String at = what + " tool " + (i + 1) + " ";
      if (!"function".equals(tool.path("type").asText(null))) {
        throw new IllegalArgumentException(at + "is not {\"type\": \"function\", ...}" + SHAPE);
      }
      JsonNode function = tool.path("function");
      String name = function.path("name").isTextual() ? function.get("name").asText() : "";
      if (name.isBlank()) {
        throw new IllegalArgumentException(at + "has no \"function\": {\"name\": ...}" + SHAPE);
      }
      if (function.has("parameters") && !function.get("parameters").isObject()) {
        throw new IllegalArgumentException(at + "(" + name + ") has \"parameters\" that are not a JSON schema object");
      }
      if (names.contains(name)) {
        throw new IllegalArgumentException(at + "declares '" + name + "' a second time; a model could not tell them apart");
      }
      names.add(name);
    }
    return new ToolDefinitions(path, (ArrayNode) root, names);
  }

  private static byte[] resource(ClassLoader loader, String path, String what) {
    try (InputStream in = loader.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException(what + ": no such file on the test classpath; put it under src/test/resources/" + path);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalArgumentException(what + " cannot be read: " + e, e);
    }
  }

  private static final String SHAPE = "; write a JSON array of OpenAI tool definitions,"
      + " [{\"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"description\": \"...\", \"parameters\": {...}}}]";
}
