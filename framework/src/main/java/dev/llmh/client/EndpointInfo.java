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
}
