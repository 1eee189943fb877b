package dev.llmh.client;

import java.util.List;
import java.util.Map;

/**
 * What an endpoint said about itself on {@code GET /models}, asked once before the first request so
 * that a wrong URL or key fails before any measurement.
 *
 * @param modelIds the models it lists (possibly empty when it does not implement the listing)
 * @param ownedBy the first model's {@code owned_by}, which names the server kind on llama.cpp
 *     ({@code llamacpp}), vLLM ({@code vllm}), LLMH's embedded server and the simulator
 * @param meta the first model's {@code meta} object (llama.cpp and the embedded server describe the
 *     model there: engine, file, size, shape), empty when absent
 */
public record EndpointInfo(List<String> modelIds, String ownedBy, Map<String, Object> meta) {

  public EndpointInfo {
    modelIds = List.copyOf(modelIds);
    meta = meta == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(meta));
  }

  /** True for servers known to take {@code cache_prompt} (strict OpenAI servers reject unknown fields). */
  public boolean takesCachePrompt() {
    return "llamacpp".equals(ownedBy) || "llmh-embedded".equals(ownedBy) || "llmh-sim".equals(ownedBy);
  }

  /** True for vLLM, which sends usage on every chunk when asked ({@code continuous_usage_stats}). */
  public boolean takesContinuousUsage() {
    return "vllm".equals(ownedBy);
  }

  /** The same, with every text passed through {@code redact}: a listing may echo what it was sent. */
  EndpointInfo redacted(java.util.function.UnaryOperator<String> redact) {
    Map<String, Object> cleanMeta = new java.util.LinkedHashMap<>();
    meta.forEach((key, value) -> cleanMeta.put(redact.apply(key), redactValue(value, redact)));
    return new EndpointInfo(modelIds.stream().map(redact).toList(), ownedBy == null ? null : redact.apply(ownedBy), cleanMeta);
  }

  private static Object redactValue(Object value, java.util.function.UnaryOperator<String> redact) {
    if (value instanceof String text) {
      return redact.apply(text);
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> clean = new java.util.LinkedHashMap<>();
      map.forEach((key, inner) -> clean.put(redact.apply(String.valueOf(key)), redactValue(inner, redact)));
      return clean;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(inner -> redactValue(inner, redact)).toList();
    }
    return value;
  }
}
