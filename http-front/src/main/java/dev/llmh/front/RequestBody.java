package dev.llmh.front;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading a JSON request body field by field. Every check that fails is a {@link BadRequest} naming
 * the field, so the client learns what to fix; a field that is absent or {@code null} is "not given".
 */
public final class RequestBody {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private RequestBody() {}

  /** The body as a JSON object. */
  public static JsonNode object(byte[] body) throws BadRequest {
    JsonNode root;
    try {
      root = MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw new BadRequest("malformed JSON body: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new BadRequest("unreadable body: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new BadRequest("the body must be a JSON object");
    }
    return root;
  }

  /** {@code messages}: a non-empty array of objects, each with a string {@code role}. */
  public static List<Message> messages(JsonNode root) throws BadRequest {
    JsonNode messagesNode = root.get("messages");
    if (messagesNode == null || !messagesNode.isArray() || messagesNode.isEmpty()) {
      throw new BadRequest("'messages' must be a non-empty array");
    }
    List<Message> messages = new ArrayList<>(messagesNode.size());
    for (JsonNode message : messagesNode) {
      if (!message.isObject()) {
        throw new BadRequest("each message must be an object with 'role' and 'content'");
      }
      JsonNode role = message.get("role");
      if (role == null || !role.isTextual() || role.textValue().isEmpty()) {
        throw new BadRequest("each message needs a string 'role'");
      }
      messages.add(new Message(role.textValue(), content(message.get("content"))));
    }
    return List.copyOf(messages);
  }

  /** The string field {@code name} of {@code node}, or null when not given. */
  public static String text(JsonNode node, String name) {
    JsonNode v = node.get(name);
    return v == null || v.isNull() ? null : v.asText();
  }

  /** {@code value} as an int, or null when not given; {@code name} names the field in the error. */
  public static Integer integer(JsonNode value, String name) throws BadRequest {
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isIntegralNumber() || !value.canConvertToInt()) {
      throw new BadRequest("'" + name + "' must be an integer");
    }
    return value.intValue();
  }

  /**
   * Ollama's {@code options.num_predict}: the request's token limit, or null when it sets none (a
   * negative value is Ollama's "no limit").
   */
  public static Integer numPredict(JsonNode options) throws BadRequest {
    Integer limit = integer(options.get("num_predict"), "options.num_predict");
    if (limit != null && limit < 0) {
      return null;
    }
    if (limit != null && limit < 1) {
      throw new BadRequest("'options.num_predict' must be at least 1, was " + limit);
    }
    return limit;
  }

  /** The boolean field {@code name} of {@code node}; false when not given. */
  public static boolean flag(JsonNode node, String name) throws BadRequest {
    JsonNode v = node.get(name);
    if (v == null || v.isNull()) {
      return false;
    }
    if (!v.isBoolean()) {
      throw new BadRequest("'" + name + "' must be a boolean");
    }
    return v.booleanValue();
  }

  /** Content may be a string, null, or an array of parts of which the {@code text} parts are joined. */
  private static String content(JsonNode content) throws BadRequest {
    if (content == null || content.isNull()) {
      return "";
    }
    if (content.isTextual()) {
      return content.textValue();
    }
    if (content.isArray()) {
      StringBuilder text = new StringBuilder();
      for (JsonNode part : content) {
        JsonNode type = part.get("type");
        JsonNode value = part.get("text");
        if (type == null || !"text".equals(type.asText()) || value == null || !value.isTextual()) {
          throw new BadRequest("only text content parts ({\"type\":\"text\",\"text\":...}) are supported");
        }
        text.append(value.textValue());
      }
      return text.toString();
    }
    throw new BadRequest("message 'content' must be a string or an array of parts");
  }
}
