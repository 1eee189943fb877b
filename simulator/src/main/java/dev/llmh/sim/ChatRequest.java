package dev.llmh.sim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A parsed, validated request body of any protocol the simulator speaks: {@code POST
 * /v1/chat/completions} ({@code messages}), {@code /v1/completions} ({@code prompt}), Ollama's
 * {@code /api/chat} ({@code messages}) and {@code /api/generate} ({@code prompt}; for both,
 * {@code options.num_predict} and {@code options.seed}, and {@code stream} defaults to true).
 * Unknown fields (such as {@code cache_prompt}) are ignored; {@code temperature} is accepted and
 * has no effect.
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
    return parse(mapper, body, Protocol.CHAT);
  }

  static ChatRequest parse(ObjectMapper mapper, byte[] body, Protocol protocol) throws BadRequest {
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

    int promptTokens = 0;
    if (protocol.messages()) {
      JsonNode messages = root.get("messages");
      if (messages == null || !messages.isArray() || messages.isEmpty()) {
        throw new BadRequest("'messages' must be a non-empty array");
      }
      for (JsonNode message : messages) {
        if (!message.isObject()) {
          throw new BadRequest("each message must be an object with 'role' and 'content'");
        }
        promptTokens += contentTokens(message.get("content"));
      }
    } else {
      JsonNode prompt = root.get("prompt");
      if (prompt == null || !prompt.isTextual()) {
        throw new BadRequest("'prompt' must be a string");
      }
      promptTokens = SimTokenizer.countTokens(prompt.textValue());
    }
    if (protocol.ollama()) {
      return ollama(root, model, promptTokens);
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

  /** Ollama: sampling settings under {@code options}, and streaming unless told otherwise. */
  private static ChatRequest ollama(JsonNode root, String model, int promptTokens) throws BadRequest {
    JsonNode options = root.path("options");
    Integer maxTokens = null;
    JsonNode limit = options.get("num_predict");
    if (limit != null && !limit.isNull()) {
      if (!limit.isIntegralNumber() || !limit.canConvertToInt()) {
        throw new BadRequest("'options.num_predict' must be an integer");
      }
      // Ollama reads a negative num_predict as "no limit".
      maxTokens = limit.intValue() < 0 ? null : limit.intValue();
      if (maxTokens != null && maxTokens < 1) {
        throw new BadRequest("'options.num_predict' must be at least 1, was " + maxTokens);
      }
    }
    long seed = options.path("seed").asLong(0L);
    JsonNode stream = root.get("stream");
    boolean streamed = stream == null || stream.isNull() || stream.asBoolean(true);
    return new ChatRequest(model, promptTokens, maxTokens, seed, streamed, false);
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
