package dev.llmh.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.measure.ToolCall;
import java.util.List;

/**
 * A conversation's history as a request's {@code messages}: each role and text, and the tool calls
 * of an answer that made some with the tool messages answering them. OpenAI takes a call's arguments
 * as text ({@code function.arguments}); Ollama as an object, so arguments that parse as one are sent
 * parsed, and any others as the text they were.
 */
final class HistoryMessages {
  private HistoryMessages() {}

  static void add(ArrayNode messages, List<ChatMessage> history, boolean ollama) {
    for (ChatMessage m : history) {
      ObjectNode message = messages.addObject().put("role", m.role()).put("content", m.content());
      if (!m.toolCalls().isEmpty()) {
        ArrayNode calls = message.putArray("tool_calls");
        for (int k = 0; k < m.toolCalls().size(); k++) {
          ToolCall call = m.toolCalls().get(k);
          ObjectNode function = calls.addObject().put("id", ChatMessage.callId(k)).put("type", "function")
              .putObject("function").put("name", call.name());
          JsonNode object = ollama ? object(call.arguments()) : null;
          if (object != null) {
            function.set("arguments", object);
          } else {
            function.put("arguments", call.arguments());
          }
        }
      }
      if (m.toolCallId() != null) {
        message.put("tool_call_id", m.toolCallId());
      }
    }
  }

  private static JsonNode object(String text) {
    try {
      JsonNode node = HttpProtocolClient.MAPPER.readTree(text);
      return node != null && node.isObject() ? node : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}
