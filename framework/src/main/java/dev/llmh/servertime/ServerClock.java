package dev.llmh.servertime;

import dev.llmh.measure.RequestMetrics;
import java.util.Map;

/**
 * How a server's own timings of a request (a sample's {@code server_timings}, in ms) say when it
 * had the first token. Neither counts the wait for a slot: the client's overhead includes it.
 */
enum ServerClock {
  /**
   * llama.cpp's {@code timings.prompt_ms}: from the slot taking the prompt up to the first token
   * sampled (its {@code t_prompt_processing}).
   */
  LLAMA_CPP("llama.cpp timings.prompt_ms"),
  /**
   * Ollama's {@code load_duration + prompt_eval_duration}: loading the model (a few ms when it is
   * loaded already) and evaluating the prompt up to the first token. Ollama leaves the prompt's
   * duration out when its cache held the whole prompt: then it counts as none.
   */
  OLLAMA("Ollama load_duration + prompt_eval_duration");

  /** The sample's server-timing keys read (the clients' names: OpenAiChatClient, OllamaClient). */
  static final String PROMPT_MS = "prompt_ms";
  static final String CACHE_N = "cache_n";
  static final String CACHED_TOKENS = dev.llmh.client.OpenAiChatClient.CACHED_TOKENS;
  private static final String PROMPT_EVAL_MS = "prompt_eval_ms";
  private static final String TOTAL_MS = "total_ms";

  private final String definition;

  ServerClock(String definition) {
    this.definition = definition;
  }

  /** Which fields say it, in words, as the record keeps it. */
  String definition() {
    return definition;
  }

  /** The clock these timings come from, or null when the server sent none that tell the first token. */
  static ServerClock of(Map<String, Double> timings) {
    if (timings.containsKey(PROMPT_MS)) {
      return LLAMA_CPP;
    }
    return timings.containsKey(PROMPT_EVAL_MS) || timings.containsKey(TOTAL_MS) ? OLLAMA : null;
  }

  /** The server's time to the first token, in ms. */
  double ttftMs(Map<String, Double> timings) {
    return this == LLAMA_CPP ? timings.get(PROMPT_MS)
        : timings.getOrDefault(RequestMetrics.LOAD_MS, 0.0) + timings.getOrDefault(PROMPT_EVAL_MS, 0.0);
  }
}
