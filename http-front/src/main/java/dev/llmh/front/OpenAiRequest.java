package dev.llmh.front;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed, validated body of {@code POST /v1/chat/completions} ({@link #messages()} set) or
 * {@code POST /v1/completions} ({@link #prompt()} set), or of Ollama's {@code POST /api/chat}
 * ({@link #parseOllamaChat}). Read: model, messages or prompt (a string,
 * or OpenAI's batch form with a batch of one), max_tokens (chat: max_completion_tokens first),
 * temperature (&gt;= 0), seed, n (1 only), stop (a string or an array), stream,
 * stream_options.include_usage and llama.cpp's cache_prompt. Other unknown fields are ignored; the
 * requested {@code model} is only kept for the record, both servers answer as their own model.
 *
 * @param model the model the request named, or null
 * @param cachePrompt llama.cpp's {@code cache_prompt}: whether a prefix cached by an earlier request
 *     may be reused; true when not given, as in llama.cpp's server
 */
public record OpenAiRequest(
    String model,
    List<Message> messages,
    String prompt,
    int maxTokens,
    double temperature,
    long seed,
    List<String> stop,
    boolean stream,
    boolean includeUsage,
    boolean cachePrompt) {

  /** What a request gets for a setting it does not give; each server has its own. */
  public record Defaults(int maxTokens, double temperature, long seed) {
    public Defaults {
      if (maxTokens < 1) {
        throw new IllegalArgumentException("maxTokens must be >= 1, was " + maxTokens);
      }
    }
  }

  public OpenAiRequest {
    messages = messages == null ? null : List.copyOf(messages);
    stop = List.copyOf(stop);
  }

  public boolean chat() {
    return messages != null;
  }

  public static OpenAiRequest parseChat(byte[] body, Defaults defaults) throws BadRequest {
    JsonNode root = RequestBody.object(body);
    return common(root, RequestBody.messages(root), null, "max_completion_tokens", defaults);
  }

  public static OpenAiRequest parseCompletion(byte[] body, Defaults defaults) throws BadRequest {
    JsonNode root = RequestBody.object(body);
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
    return common(root, null, prompt, null, defaults);
  }

  /**
   * A body of Ollama's {@code POST /api/chat}, read into the same fields: model, messages, and
   * under {@code options} num_predict (the token limit; negative: the server's default),
   * temperature, seed and stop; {@code stream} is true unless given as false. Ollama has no usage
   * chunk (its last line carries the counts) and always reuses a cached prefix.
   */
  public static OpenAiRequest parseOllamaChat(byte[] body, Defaults defaults) throws BadRequest {
    JsonNode root = RequestBody.object(body);
    List<Message> messages = RequestBody.messages(root);
    JsonNode options = root.path("options");
    if (!options.isMissingNode() && !options.isNull() && !options.isObject()) {
      throw new BadRequest("'options' must be an object, e.g. {\"num_predict\": 64, \"temperature\": 0}");
    }
    Integer limit = RequestBody.numPredict(options);
    JsonNode stream = root.get("stream");
    boolean streamed = stream == null || stream.isNull() || RequestBody.flag(root, "stream");
    return new OpenAiRequest(RequestBody.text(root, "model"), messages, null, limit == null ? defaults.maxTokens() : limit,
        temperature(options.get("temperature"), "options.temperature", defaults),
        seed(options.get("seed"), "options.seed", defaults), stop(options.get("stop"), "options.stop"), streamed, false, true);
  }

  /** The fields both endpoints share. {@code preferredLimit} is checked before {@code max_tokens}. */
  private static OpenAiRequest common(JsonNode root, List<Message> messages, String prompt,
      String preferredLimit, Defaults defaults) throws BadRequest {
    String limitName = preferredLimit;
    JsonNode limitNode = preferredLimit == null ? null : root.get(preferredLimit);
    if (limitNode == null || limitNode.isNull()) {
      limitName = "max_tokens";
      limitNode = root.get(limitName);
    }
    Integer limit = RequestBody.integer(limitNode, limitName);
    if (limit != null && limit < 1) {
      throw new BadRequest("'" + limitName + "' must be at least 1, was " + limit);
    }

    double temperature = temperature(root.get("temperature"), "temperature", defaults);
    long seed = seed(root.get("seed"), "seed", defaults);

    // Several choices per request would need several slots' worth of work: say so rather than
    // silently answering with one.
    JsonNode n = root.get("n");
    if (n != null && !n.isNull() && !(n.isIntegralNumber() && n.intValue() == 1)) {
      throw new BadRequest("only 'n': 1 is supported");
    }

    List<String> stop = stop(root.get("stop"), "stop");
    boolean stream = RequestBody.flag(root, "stream");
    boolean includeUsage = false;
    JsonNode options = root.get("stream_options");
    if (options != null && options.isObject()) {
      includeUsage = RequestBody.flag(options, "include_usage");
    }
    JsonNode cachePrompt = root.get("cache_prompt");
    return new OpenAiRequest(RequestBody.text(root, "model"), messages, prompt,
        limit == null ? defaults.maxTokens() : limit, temperature, seed, stop, stream, includeUsage,
        cachePrompt == null || cachePrompt.isNull() || RequestBody.flag(root, "cache_prompt"));
  }

  private static double temperature(JsonNode node, String name, Defaults defaults) throws BadRequest {
    if (node == null || node.isNull()) {
      return defaults.temperature();
    }
    if (!node.isNumber() || node.doubleValue() < 0) {
      throw new BadRequest("'" + name + "' must be a number >= 0");
    }
    return node.doubleValue();
  }

  private static long seed(JsonNode node, String name, Defaults defaults) throws BadRequest {
    if (node == null || node.isNull()) {
      return defaults.seed();
    }
    if (!node.isIntegralNumber() || !node.canConvertToLong()) {
      throw new BadRequest("'" + name + "' must be an integer");
    }
    return node.longValue();
  }

  private static List<String> stop(JsonNode node, String name) throws BadRequest {
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
          throw new BadRequest("'" + name + "' must be a string or an array of strings");
        }
        if (!s.textValue().isEmpty()) {
          stop.add(s.textValue());
        }
      }
      return stop;
    }
    throw new BadRequest("'" + name + "' must be a string or an array of strings");
  }
}
