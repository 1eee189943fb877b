package dev.llmh.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the log-probabilities of a non-streamed completion, in whichever of the three shapes the
 * server writes: OpenAI's legacy completions ({@code choices[0].logprobs} with {@code tokens} and
 * {@code top_logprobs} as a list of token → log-probability maps: vLLM, OpenAI), OpenAI's chat shape
 * ({@code choices[0].logprobs.content[]} of {@code token} and {@code top_logprobs[]} of
 * {@code {token, logprob}}: llama.cpp's server, LM Studio), or llama.cpp's native
 * {@code completion_probabilities[]} ({@code top_logprobs}, or {@code probs[]} of
 * {@code {tok_str, prob}} in older builds).
 */
final class LogprobsParser {
  private LogprobsParser() {}

  /** Every generated position with its top tokens; empty when the answer carries no log-probabilities. */
  static List<TokenLogprobs> parse(JsonNode root) {
    JsonNode logprobs = root.path("choices").path(0).path("logprobs");
    if (logprobs.path("content").isArray()) {
      return entries(logprobs.path("content"));
    }
    if (logprobs.path("tokens").isArray()) {
      return legacy(logprobs);
    }
    if (root.path("completion_probabilities").isArray()) {
      return entries(root.path("completion_probabilities"));
    }
    return List.of();
  }

  private static List<TokenLogprobs> legacy(JsonNode logprobs) {
    List<TokenLogprobs> positions = new ArrayList<>();
    JsonNode tokens = logprobs.path("tokens");
    JsonNode tops = logprobs.path("top_logprobs");
    for (int i = 0; i < tokens.size(); i++) {
      Map<String, Double> top = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = tops.path(i).fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        top.put(e.getKey(), e.getValue().asDouble());
      }
      if (top.isEmpty()) {
        return List.of(); // a position without its top tokens: the server did not give them
      }
      positions.add(new TokenLogprobs(tokens.get(i).asText(), top));
    }
    return positions;
  }

  private static List<TokenLogprobs> entries(JsonNode entries) {
    List<TokenLogprobs> positions = new ArrayList<>();
    for (JsonNode entry : entries) {
      Map<String, Double> top = new LinkedHashMap<>();
      JsonNode list = entry.has("top_logprobs") ? entry.get("top_logprobs") : entry.path("probs");
      for (JsonNode t : list) {
        String token = t.has("token") ? t.path("token").asText() : t.path("tok_str").asText();
        top.put(token, t.has("logprob") ? t.path("logprob").asDouble() : Math.log(t.path("prob").asDouble()));
      }
      if (top.isEmpty()) {
        return List.of();
      }
      positions.add(new TokenLogprobs(entry.has("token") ? entry.path("token").asText() : entry.path("content").asText(), top));
    }
    return positions;
  }
}
