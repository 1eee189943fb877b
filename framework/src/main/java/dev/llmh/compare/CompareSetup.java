package dev.llmh.compare;

import dev.llmh.annotations.Compare;
import dev.llmh.config.ConfigException;
import dev.llmh.config.ConfigKey;
import dev.llmh.config.Defaults;
import java.util.Optional;
import java.util.function.Function;

/**
 * A scenario's distribution comparison, resolved: configuration ({@code llmh.compare.*}, system
 * property then environment) over {@code @Compare} over {@link Defaults}. The annotation is read
 * once per case when it is planned to run, never on the measurement path.
 *
 * @param reference the reference model
 * @param endpoint the reference's base URL, or null for the candidate's own endpoint
 * @param topK log-probabilities asked per position
 * @param tokens tokens of the reference's answer compared, or 0 for the case's max tokens
 */
public record CompareSetup(String reference, String endpoint, int topK, int tokens) {

  /** The comparison of {@code scenario}, or empty when neither it nor the configuration asks for one. */
  public static Optional<CompareSetup> of(Class<?> scenario, Function<ConfigKey, Optional<String>> config) {
    Compare declared = scenario == null ? null : scenario.getAnnotation(Compare.class);
    Optional<String> reference = config.apply(ConfigKey.COMPARE_REFERENCE)
        .or(() -> Optional.ofNullable(declared).map(Compare::reference)).map(String::strip).filter(s -> !s.isEmpty());
    if (reference.isEmpty()) {
      return Optional.empty();
    }
    String endpoint = config.apply(ConfigKey.COMPARE_ENDPOINT)
        .or(() -> Optional.ofNullable(declared).map(Compare::endpoint)).map(String::strip).filter(s -> !s.isEmpty()).orElse(null);
    int topK = config.apply(ConfigKey.COMPARE_TOP_K).map(v -> whole(ConfigKey.COMPARE_TOP_K, v, 1))
        .orElse(declared != null && declared.topK() > 0 ? declared.topK() : Defaults.COMPARE_TOP_K);
    int tokens = config.apply(ConfigKey.COMPARE_TOKENS).map(v -> whole(ConfigKey.COMPARE_TOKENS, v, 1))
        .orElse(declared != null ? Math.max(0, declared.tokens()) : 0);
    return Optional.of(new CompareSetup(reference.get(), endpoint, topK, tokens));
  }

  /** System properties, then the environment, as every {@code llmh.} key is read. */
  public static Optional<String> fromSystem(ConfigKey key) {
    return Optional.ofNullable(System.getProperty(key.key())).or(() -> Optional.ofNullable(System.getenv(key.envName())))
        .map(String::strip).filter(s -> !s.isEmpty());
  }

  private static int whole(ConfigKey key, String value, int least) {
    try {
      int n = Integer.parseInt(value.strip());
      if (n >= least) {
        return n;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new ConfigException(key.key() + " (" + key.envName() + ") = '" + value + "' must be a whole number, at least " + least);
  }
}
