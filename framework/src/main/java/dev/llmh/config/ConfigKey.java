package dev.llmh.config;

import java.util.Locale;

/**
 * Every configuration key, in one place. A key is read as a system property (or JUnit configuration
 * parameter) first, then as the environment variable {@link #envName()}; both beat the scenario's
 * annotations, which beat {@link Defaults}.
 */
public enum ConfigKey {
  ENDPOINT("llmh.endpoint", "base URL of an OpenAI-compatible API, or 'embedded'"),
  MODEL("llmh.model", "model name sent with every request"),
  API_KEY("llmh.apiKey", "bearer token for the endpoint; never logged or recorded"),
  CONNECT_TIMEOUT("llmh.timeout.connect", "time allowed to open a connection"),
  READ_TIMEOUT("llmh.timeout.read", "longest silence allowed on a response, prefill included"),
  RESULTS_DIR("llmh.resultsDir", "where results files are written"),
  EMBEDDED_PREFILL_RATE("llmh.embedded.prefillRate", "embedded server: prompt tokens per second"),
  EMBEDDED_DECODE_RATE("llmh.embedded.decodeRate", "embedded server: generated tokens per second per slot"),
  EMBEDDED_SLOTS("llmh.embedded.slots", "embedded server: requests served in parallel");

  private final String key;
  private final String description;

  ConfigKey(String key, String description) {
    this.key = key;
    this.description = description;
  }

  /** The system property name, e.g. {@code llmh.apiKey}. */
  public String key() {
    return key;
  }

  public String description() {
    return description;
  }

  /** The environment variable: {@code llmh.apiKey} → {@code LLMH_API_KEY}. */
  public String envName() {
    return key.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replace('.', '_').toUpperCase(Locale.ROOT);
  }
}
