package dev.llmh.client;

import java.util.List;

/**
 * What an endpoint said about itself on {@code GET /models}, asked once before the first request so
 * that a wrong URL or key fails before any measurement.
 *
 * @param modelIds the models it lists (possibly empty when it does not implement the listing)
 * @param ownedBy the first model's {@code owned_by}, which names the server kind on llama.cpp
 *     ({@code llamacpp}), vLLM ({@code vllm}) and the simulator ({@code llmh-sim})
 */
public record EndpointInfo(List<String> modelIds, String ownedBy) {

  public EndpointInfo {
    modelIds = List.copyOf(modelIds);
  }

  /** True for servers known to take {@code cache_prompt} (strict OpenAI servers reject unknown fields). */
  public boolean takesCachePrompt() {
    return "llamacpp".equals(ownedBy) || "llmh-sim".equals(ownedBy);
  }
}
