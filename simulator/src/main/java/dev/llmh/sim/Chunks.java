package dev.llmh.sim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The JSON of one simulated response, in its plan's protocol: OpenAI chat chunks
 * ({@code chat.completion.chunk}, {@code delta.content} or {@code delta.reasoning_content}), OpenAI
 * completion chunks ({@code text_completion}, {@code choices[0].text}) or Ollama lines
 * ({@code message.content/thinking} for /api/chat, {@code response/thinking} for /api/generate). Every
 * response names the server's own model, whatever the request asked for.
 */
record Chunks(ObjectMapper mapper, SimulatorSettings settings, Plan plan) {
  /**
   * Ollama's {@code created_at}, always nine digits of fraction: {@link Instant#toString()} drops
   * trailing zeros, so one line in a thousand came out shorter than the {@code Content-Length}
   * worked out before it was sent, and the stream ended short.
   */
  private static final DateTimeFormatter CREATED_AT =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);


  /** The OpenAI chat role-only chunk {@code {"role":"assistant","content":""}}. */
  String role() throws JsonProcessingException {
    ObjectNode delta = mapper.createObjectNode();
    delta.put("role", "assistant");
    delta.put("content", "");
    return json(chunk(delta, null));
  }

  /** One chunk of generated text; {@code sentSoFar} feeds per-chunk usage. */
  String text(String text, boolean reasoning, int sentSoFar) throws JsonProcessingException {
    switch (plan.protocol()) {
      case CHAT -> {
        ObjectNode delta = mapper.createObjectNode();
        delta.put(reasoning ? "reasoning_content" : "content", text);
        return json(withUsagePerChunk(chunk(delta, null), sentSoFar));
      }
      case COMPLETIONS -> {
        return json(withUsagePerChunk(completion(text, null), sentSoFar));
      }
      default -> {
        return json(ollamaLine(text, reasoning));
      }
    }
  }

  /** The OpenAI chunk with the finish_reason: an empty delta (chat) or an empty text (completions). */
  String finish() throws JsonProcessingException {
    return finish(0, 0);
  }

  /**
   * The same, with llama.cpp's {@code timings} of the prompt when the server sends them
   * ({@link ServerQuirks#llamaTimings()}): {@code promptNanos} from the slot to the first token,
   * {@code cached} of the prompt's tokens taken from the prefix cache.
   */
  String finish(long promptNanos, int cached) throws JsonProcessingException {
    ObjectNode last = plan.protocol() == Protocol.COMPLETIONS
        ? completion("", plan.finishReason())
        : chunk(mapper.createObjectNode(), plan.finishReason());
    if (settings.quirks().llamaTimings()) {
      ObjectNode timings = last.putObject("timings");
      timings.put("prompt_n", plan.request().prompt().tokens() - cached);
      timings.put("prompt_ms", promptNanos / 1e6);
      timings.put("cache_n", cached);
    }
    return json(last);
  }

  /**
   * The OpenAI usage chunk: {@code "choices":[]} and the usage of {@code completionTokens}, with
   * {@code cached} prompt tokens from the cache when the server says so ({@link ServerQuirks#cachedTokensInUsage()}).
   */
  String usage(int completionTokens, int cached) throws JsonProcessingException {
    ObjectNode root = base();
    root.putArray("choices");
    ObjectNode usage = usageNode(completionTokens);
    if (settings.quirks().cachedTokensInUsage()) {
      usage.putObject("prompt_tokens_details").put("cached_tokens", cached);
    }
    root.set("usage", usage);
    return json(root);
  }

  /** Ollama's last line: {@code done}, the reason, the counts and the durations (ns) it reports. */
  String ollamaDone(long totalNanos, long loadNanos, long promptEvalNanos, long evalNanos) throws JsonProcessingException {
    ObjectNode last = ollamaLine("", false);
    last.put("done", true);
    last.put("done_reason", plan.finishReason());
    last.put("total_duration", totalNanos);
    last.put("load_duration", loadNanos);
    last.put("prompt_eval_count", plan.request().prompt().tokens());
    last.put("prompt_eval_duration", promptEvalNanos);
    last.put("eval_count", plan.completionTokens());
    last.put("eval_duration", evalNanos);
    return json(last);
  }

  /** A non-streamed chat answer: the whole text, the finish_reason and usage. */
  byte[] whole() throws JsonProcessingException {
    ObjectNode root = base();
    root.put("object", "chat.completion");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    message.put("content", SimTokenizer.outputText(plan.request().seed(), 0, plan.completionTokens()));
    choice.put("finish_reason", plan.finishReason());
    root.set("usage", usageNode(plan.completionTokens()));
    return mapper.writeValueAsBytes(root);
  }

  private ObjectNode base() {
    ObjectNode root = mapper.createObjectNode();
    root.put("id", plan.id());
    root.put("object", "chat.completion.chunk");
    root.put("created", plan.created());
    root.put("model", settings.modelId());
    return root;
  }

  private ObjectNode chunk(ObjectNode delta, String finishReason) {
    ObjectNode root = base();
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    choice.set("delta", delta);
    finishReason(choice, finishReason);
    return root;
  }

  private ObjectNode completion(String text, String finishReason) {
    ObjectNode root = base();
    root.put("object", "text_completion");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    choice.put("text", text);
    finishReason(choice, finishReason);
    return root;
  }

  private static void finishReason(ObjectNode choice, String finishReason) {
    if (finishReason == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finishReason);
    }
  }

  private ObjectNode ollamaLine(String text, boolean reasoning) {
    ObjectNode root = mapper.createObjectNode();
    root.put("model", settings.modelId());
    root.put("created_at", CREATED_AT.format(Instant.now()));
    if (plan.protocol() == Protocol.OLLAMA_CHAT) {
      ObjectNode message = root.putObject("message");
      message.put("role", "assistant");
      message.put("content", reasoning ? "" : text);
      if (reasoning) {
        message.put("thinking", text);
      }
    } else {
      root.put("response", reasoning ? "" : text);
      if (reasoning) {
        root.put("thinking", text);
      }
    }
    root.put("done", false);
    return root;
  }

  private ObjectNode withUsagePerChunk(ObjectNode root, int sentSoFar) {
    if (settings.quirks().usagePerChunk()) {
      root.set("usage", usageNode(sentSoFar));
    }
    return root;
  }

  private ObjectNode usageNode(int completionTokens) {
    ObjectNode usage = mapper.createObjectNode();
    int prompt = plan.request().prompt().tokens();
    usage.put("prompt_tokens", prompt);
    usage.put("completion_tokens", completionTokens);
    usage.put("total_tokens", prompt + completionTokens);
    return usage;
  }

  private String json(ObjectNode root) throws JsonProcessingException {
    return mapper.writeValueAsString(root);
  }
}
