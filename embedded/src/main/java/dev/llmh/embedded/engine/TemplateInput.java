package dev.llmh.embedded.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.embedded.engine.Engine.ChatMessage;
import dev.llmh.embedded.engine.Engine.Tool;
import java.util.List;

/** What llama.cpp's chat template reads: the messages and, when a request offers any, its tools. */
final class TemplateInput {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TemplateInput() {}

  static String json(List<ChatMessage> messages, List<Tool> tools) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode list = root.putArray("messages");
    for (ChatMessage message : messages) {
      list.addObject().put("role", message.role()).put("content", message.content());
    }
    if (!tools.isEmpty()) {
      ArrayNode offered = root.putArray("tools");
      for (Tool tool : tools) {
        // llama.cpp aborts the process on a tool without a description or parameters: both always sent
        ObjectNode function = offered.addObject().put("type", "function").putObject("function");
        function.put("name", tool.name()).put("description", tool.description());
        try {
          function.set("parameters", JSON.readTree(tool.parameters()));
        } catch (JsonProcessingException e) {
          throw new IllegalArgumentException("a tool's parameters are not JSON: " + tool.parameters(), e);
        }
      }
    }
    return root.toString();
  }
}
