package dev.llmh.endpoint.spi;

/**
 * The servers LLMH can start in its own JVM, found with {@link java.util.ServiceLoader} so that the
 * harness is never compiled against them: module {@code llmh-simulator} provides one, for
 * {@code llmh.endpoint=simulated} and for warming the client's code before a case.
 */
public interface LocalServers {
  /**
   * A simulated model server, started on a free loopback port.
   *
   * @param requiredApiKey the bearer key every request must carry, or null for none
   */
  LocalServer simulated(int slots, double prefillTokensPerSecond, double decodeTokensPerSecond, String requiredApiKey);

  /** A server that answers every request at once with {@code tokens} tokens, prefill and decode instant. */
  LocalServer instant(int tokens);

  /** A started server; closing it stops it at once. */
  interface LocalServer extends AutoCloseable {
    /** The OpenAI-compatible base URL, ending in {@code /v1}. */
    String baseUrl();

    /** The server's root URL, where Ollama's API is served. */
    String rootUrl();

    @Override
    void close();
  }
}
