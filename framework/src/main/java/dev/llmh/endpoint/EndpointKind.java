package dev.llmh.endpoint;

import dev.llmh.config.Defaults;
import java.util.Locale;

/**
 * What served a case: the embedded llama.cpp server, the simulator, or a server LLMH did not start.
 * Recorded and shown as such, because a figure from the simulator is not an inference cost and must
 * never read as one.
 */
public enum EndpointKind {
  /** The llama.cpp server LLMH starts in a child JVM ({@code llmh.endpoint=embedded}). */
  EMBEDDED,
  /** The simulated server LLMH starts in this JVM ({@code llmh.endpoint=simulated}). */
  SIMULATED,
  /** Any http(s) URL: a server someone else runs. */
  REMOTE;

  /** The kind of the configured endpoint {@code url} ({@code embedded}, {@code simulated} or a URL). */
  public static EndpointKind of(String url) {
    return Defaults.EMBEDDED_ENDPOINT.equals(url) ? EMBEDDED : Defaults.SIMULATED_ENDPOINT.equals(url) ? SIMULATED : REMOTE;
  }

  /** As the results file and the console write it: {@code embedded}, {@code simulated}, {@code remote}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** True when LLMH starts the server itself, which then picks the model and owns the port. */
  public boolean startedByLlmh() {
    return this != REMOTE;
  }
}
