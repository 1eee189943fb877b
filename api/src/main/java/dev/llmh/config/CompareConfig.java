package dev.llmh.config;

import dev.llmh.runner.CompareDeclaration;
import java.util.Optional;
import java.util.function.Function;

/**
 * A distribution comparison as configuration says: each key replaces {@code @Compare}'s value,
 * which replaces the default; a reference configured alone asks for a comparison on every scenario.
 *
 * @param reference {@code llmh.compare.reference}
 * @param endpoint {@code llmh.compare.endpoint}: the reference's base URL
 * @param topK {@code llmh.compare.topK}: 1 to {@link CompareDeclaration#MAX_TOP_K}
 * @param tokens {@code llmh.compare.tokens}: at least 1
 * @param text {@code llmh.compare.text}: a calibration text on the test classpath
 */
public record CompareConfig(
    Optional<String> reference, Optional<String> endpoint, Optional<Integer> topK, Optional<Integer> tokens, Optional<String> text) {
  public static final CompareConfig NONE =
      new CompareConfig(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

  static CompareConfig read(Function<ConfigKey, Optional<String>> lookup) {
    Optional<String> endpoint = lookup.apply(ConfigKey.COMPARE_ENDPOINT).map(url -> {
      if (EndpointUrl.hasUserInfo(url)) {
        // The reference's requests send no credentials, and its URL is recorded with the comparison.
        throw new ConfigException(ConfigKey.COMPARE_ENDPOINT.key() + " (" + ConfigKey.COMPARE_ENDPOINT.envName()
            + ") carries user:password@, which the reference's requests do not send; give the reference an endpoint without it");
      }
      return url;
    });
    Optional<Integer> topK = lookup.apply(ConfigKey.COMPARE_TOP_K).map(v -> {
      long k = ConfigValues.wholePositive(ConfigKey.COMPARE_TOP_K, v);
      if (k > CompareDeclaration.MAX_TOP_K) {
        throw new ConfigException(ConfigKey.COMPARE_TOP_K.key() + " (" + ConfigKey.COMPARE_TOP_K.envName() + ") must be at most "
            + CompareDeclaration.MAX_TOP_K + " (OpenAI's top_logprobs limit), was '" + v + "'");
      }
      return (int) k;
    });
    Optional<Integer> tokens = lookup.apply(ConfigKey.COMPARE_TOKENS)
        .map(v -> Math.toIntExact(Math.min(Integer.MAX_VALUE, ConfigValues.wholePositive(ConfigKey.COMPARE_TOKENS, v))));
    Optional<String> text = lookup.apply(ConfigKey.COMPARE_TEXT).map(String::strip).filter(t -> !t.isEmpty());
    return new CompareConfig(lookup.apply(ConfigKey.COMPARE_REFERENCE), endpoint, topK, tokens, text);
  }
}
