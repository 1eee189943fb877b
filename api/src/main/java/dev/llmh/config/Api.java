package dev.llmh.config;

import java.net.URI;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The wire protocol an endpoint speaks. Chosen by {@code -Dllmh.api} / {@code LLMH_API}, else
 * {@code @Endpoint(api = ...)}, else detected from the URL by {@link #detect(String)}.
 */
public enum Api {
  /** {@code POST {base}/chat/completions}, SSE, {@code choices[0].delta.content}. */
  OPENAI_CHAT("openai-chat"),
  /** {@code POST {base}/completions}, SSE, {@code prompt} in, {@code choices[0].text} out. */
  OPENAI_COMPLETIONS("openai-completions"),
  /** Ollama's own {@code POST {base}/api/chat}: NDJSON lines, {@code message.content} / {@code message.thinking}. */
  OLLAMA_CHAT("ollama-chat"),
  /** Ollama's own {@code POST {base}/api/generate}: NDJSON lines, {@code response} / {@code thinking}. */
  OLLAMA_GENERATE("ollama-generate");

  /** Ollama's default port: a base URL on it without {@code /v1} is Ollama's native API. */
  public static final int OLLAMA_PORT = 11434;

  private final String key;

  Api(String key) {
    this.key = key;
  }

  /** The name used in {@code @Endpoint(api)}, configuration and the results ({@code endpoint.api}). */
  public String key() {
    return key;
  }

  public boolean ollama() {
    return this == OLLAMA_CHAT || this == OLLAMA_GENERATE;
  }

  public static Optional<Api> byKey(String key) {
    return Arrays.stream(values()).filter(a -> a.key.equals(key)).findFirst();
  }

  public static String keys() {
    return Arrays.stream(values()).map(Api::key).collect(Collectors.joining(", "));
  }

  /**
   * The protocol of a URL nobody named one for: a base URL on port 11434 whose path does not
   * contain {@code /v1} is Ollama's native chat API ({@code http://localhost:11434}); everything
   * else, Ollama's own {@code http://localhost:11434/v1} included, is OpenAI chat completions.
   */
  public static Api detect(String baseUrl) {
    try {
      URI uri = URI.create(baseUrl);
      String path = uri.getPath() == null ? "" : uri.getPath();
      if (uri.getPort() == OLLAMA_PORT && !path.contains("/v1")) {
        return OLLAMA_CHAT;
      }
    } catch (IllegalArgumentException e) {
      // not a URL (embedded, simulated): the OpenAI default
    }
    return OPENAI_CHAT;
  }
}
