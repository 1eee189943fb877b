package dev.llmh.embedded.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.embedded.engine.Engine.ChatMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed, validated body of {@code POST /v1/chat/completions} ({@link #messages()} set) or
 * {@code POST /v1/completions} ({@link #prompt()} set). Unknown fields (such as
 * {@code cache_prompt}) are ignored; the requested {@code model} is only kept for the record, the
 * server always answers as its own model.
 */
record ServerRequest(
    String model,
    List<ChatMessage> messages,
    String prompt,
    int maxTokens,
    double temperature,
    long seed,
    List<String> stop,
    boolean stream,
    boolean includeUsage) {

  /** When the request names no limit: llama.cpp's server would generate until the context is full. */
  static final int DEFAULT_MAX_TOKENS = 128;
  /** llama.cpp's server default; OpenAI's is 1.0. Only matters for requests that do not say. */
  static final double DEFAULT_TEMPERATURE = 0.8;
  /** A fixed seed by default, so that a benchmark run is repeatable unless a request asks otherwise. */
  static final long DEFAULT_SEED = 0L;

  /** A request the server rejects with 400. */
  static final class BadRequest extends Exception {
    BadRequest(String message) {
      super(message);
    }
  }

  boolean chat() {
    return messages != null;
  }

  static ServerRequest parseChat(ObjectMapper mapper, byte[] body) throws BadRequest {
    JsonNode root = object(mapper, body);
    JsonNode messagesNode = root.get("messages");
    if (messagesNode == null || !messagesNode.isArray() || messagesNode.isEmpty()) {
      throw new BadRequest("'messages' must be a non-empty array");
    }
    List<ChatMessage> messages = new ArrayList<>(messagesNode.size());
    for (JsonNode message : messagesNode) {
      if (!message.isObject()) {
        throw new BadRequest("each message must be an object with 'role' and 'content'");
      }
      JsonNode role = message.get("role");
      if (role == null || !role.isTextual() || role.textValue().isEmpty()) {
        throw new BadRequest("each message needs a string 'role'");
      }
      messages.add(new ChatMessage(role.textValue(), content(message.get("content"))));
    }
    return common(root, messages, null, "max_completion_tokens");
  }

  static ServerRequest parseCompletion(ObjectMapper mapper, byte[] body) throws BadRequest {
    JsonNode root = object(mapper, body);
    JsonNode promptNode = root.get("prompt");
    String prompt;
    if (promptNode != null && promptNode.isTextual()) {
      prompt = promptNode.textValue();
    } else if (promptNode != null && promptNode.isArray() && promptNode.size() == 1
        && promptNode.get(0).isTextual()) {
      prompt = promptNode.get(0).textValue(); // OpenAI's batch form, with a batch of one
    } else {
      throw new BadRequest("'prompt' must be a string (or an array of exactly one string)");
    }
    return common(root, null, prompt, null);
  }

  private static JsonNode object(ObjectMapper mapper, byte[] body) throws BadRequest {
    JsonNode root;
    try {
      root = mapper.readTree(body);
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

  /** The fields both endpoints share. {@code preferredLimit} is checked before {@code max_tokens}. */
  private static ServerRequest common(JsonNode root, List<ChatMessage> messages, String prompt,
      String preferredLimit) throws BadRequest {
    JsonNode modelNode = root.get("model");
    String model = modelNode == null || modelNode.isNull() ? null : modelNode.asText();

    String limitName = "max_tokens";
    JsonNode limitNode = null;
    if (preferredLimit != null) {
      limitNode = root.get(preferredLimit);
      limitName = preferredLimit;
    }
    if (limitNode == null || limitNode.isNull()) {
      limitNode = root.get("max_tokens");
      limitName = "max_tokens";
    }
    int maxTokens = DEFAULT_MAX_TOKENS;
    if (limitNode != null && !limitNode.isNull()) {
      if (!limitNode.isIntegralNumber() || !limitNode.canConvertToInt()) {
        throw new BadRequest("'" + limitName + "' must be an integer");
      }
      maxTokens = limitNode.intValue();
      if (maxTokens < 1) {
        throw new BadRequest("'" + limitName + "' must be at least 1, was " + maxTokens);
      }
    }

    double temperature = DEFAULT_TEMPERATURE;
    JsonNode temperatureNode = root.get("temperature");
    if (temperatureNode != null && !temperatureNode.isNull()) {
      if (!temperatureNode.isNumber() || temperatureNode.doubleValue() < 0) {
        throw new BadRequest("'temperature' must be a number >= 0");
      }
      temperature = temperatureNode.doubleValue();
    }

    long seed = DEFAULT_SEED;
    JsonNode seedNode = root.get("seed");
    if (seedNode != null && !seedNode.isNull()) {
      if (!seedNode.isIntegralNumber() || !seedNode.canConvertToLong()) {
        throw new BadRequest("'seed' must be an integer");
      }
      seed = seedNode.longValue();
    }

    // Several choices per request would need several slots' worth of work: say so rather than
    // silently answering with one.
    JsonNode n = root.get("n");
    if (n != null && !n.isNull() && !(n.isIntegralNumber() && n.intValue() == 1)) {
      throw new BadRequest("only 'n': 1 is supported");
    }

    List<String> stop = stop(root.get("stop"));
    boolean stream = booleanField(root, "stream");
    boolean includeUsage = false;
    JsonNode options = root.get("stream_options");
    if (options != null && options.isObject()) {
      includeUsage = booleanField(options, "include_usage");
    }
    return new ServerRequest(model, messages == null ? null : List.copyOf(messages), prompt, maxTokens,
        temperature, seed, stop, stream, includeUsage);
  }

  private static List<String> stop(JsonNode node) throws BadRequest {
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (node.isTextual()) {
      return node.textValue().isEmpty() ? List.of() : List.of(node.textValue());
    }
    if (node.isArray()) {
      List<String> stop = new ArrayList<>(node.size());
      for (JsonNode s : node) {
        if (!s.isTextual()) {
          throw new BadRequest("'stop' must be a string or an array of strings");
        }
        if (!s.textValue().isEmpty()) {
          stop.add(s.textValue());
        }
      }
      return List.copyOf(stop);
    }
    throw new BadRequest("'stop' must be a string or an array of strings");
  }

  private static boolean booleanField(JsonNode node, String name) throws BadRequest {
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
