package dev.llmh.sim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A parsed, validated {@code POST /v1/chat/completions} body. Unknown fields (such as
 * {@code cache_prompt}) are ignored; {@code temperature} is accepted and has no effect.
 */
record ChatRequest(String model, int promptTokens, Integer maxTokens, long seed, boolean stream,
           boolean includeUsage) {

  /** A request the simulator rejects with 400. */
  static final class BadRequest extends Exception {
    BadRequest(String message) {
      super(message);
    }
  }

  static ChatRequest parse(ObjectMapper mapper, byte[] body) throws BadRequest {
    JsonNode root;
    try {
      root = mapper.readTree(body);
    } catch (JsonProcessingException e) {
      throw new BadRequest("malformed JSON body: " + e.getOriginalMessage());
    } catch (java.io.IOException e) {
      throw new BadRequest("unreadable body: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new BadRequest("the body must be a JSON object");
    }
    JsonNode modelNode = root.get("model");
    String model = modelNode == null || modelNode.isNull() ? null : modelNode.asText();

    JsonNode messages = root.get("messages");
    if (messages == null || !messages.isArray() || messages.isEmpty()) {
      throw new BadRequest("'messages' must be a non-empty array");
    }
    int promptTokens = 0;
    for (JsonNode message : messages) {
      if (!message.isObject()) {
        throw new BadRequest("each message must be an object with 'role' and 'content'");
      }
      promptTokens += contentTokens(message.get("content"));
    }

    JsonNode limitNode = root.get("max_completion_tokens");
    String limitName = "max_completion_tokens";
    if (limitNode == null || limitNode.isNull()) {
      limitNode = root.get("max_tokens");
      limitName = "max_tokens";
    }
    Integer maxTokens = null;
    if (limitNode != null && !limitNode.isNull()) {
      if (!limitNode.isIntegralNumber() || !limitNode.canConvertToInt()) {
        throw new BadRequest("'" + limitName + "' must be an integer");
      }
      maxTokens = limitNode.intValue();
      if (maxTokens < 1) {
        throw new BadRequest("'" + limitName + "' must be at least 1, was " + maxTokens);
      }
    }

    long seed = 0L;
    JsonNode seedNode = root.get("seed");
    if (seedNode != null && !seedNode.isNull()) {
      if (!seedNode.isIntegralNumber() || !seedNode.canConvertToLong()) {
        throw new BadRequest("'seed' must be an integer");
      }
      seed = seedNode.longValue();
    }

    JsonNode temperature = root.get("temperature");
    if (temperature != null && !temperature.isNull() && !temperature.isNumber()) {
      throw new BadRequest("'temperature' must be a number");
    }

    boolean stream = booleanField(root, "stream");
    boolean includeUsage = false;
    JsonNode options = root.get("stream_options");
    if (options != null && options.isObject()) {
      includeUsage = booleanField(options, "include_usage");
    }
    return new ChatRequest(model, promptTokens, maxTokens, seed, stream, includeUsage);
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

  /** Content may be a string, null, or an array of parts of which {@code {"type":"text","text":...}} count. */
  private static int contentTokens(JsonNode content) throws BadRequest {
    if (content == null || content.isNull()) {
      return 0;
    }
    if (content.isTextual()) {
      return SimTokenizer.countTokens(content.textValue());
    }
    if (content.isArray()) {
      int n = 0;
      for (JsonNode part : content) {
        JsonNode text = part.get("text");
        if (text != null && text.isTextual()) {
          n += SimTokenizer.countTokens(text.textValue());
        }
      }
      return n;
    }
    throw new BadRequest("message 'content' must be a string or an array of parts");
  }
}
