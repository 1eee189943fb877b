package dev.llmh.config;

import java.util.Optional;
import java.util.function.Function;

/**
 * Where {@code @Judge} sends its judge requests, as configuration says: each replaces the
 * annotation's value, which replaces the default (the endpoint measured, its own model).
 *
 * @param endpoint {@code llmh.judge.endpoint}: a base URL, {@code embedded} or {@code simulated}
 * @param model {@code llmh.judge.model}
 */
public record JudgeConfig(Optional<String> endpoint, Optional<String> model) {
  public static final JudgeConfig NONE = new JudgeConfig(Optional.empty(), Optional.empty());

  static JudgeConfig read(Function<ConfigKey, Optional<String>> lookup) {
    Optional<String> endpoint = lookup.apply(ConfigKey.JUDGE_ENDPOINT).map(url -> {
      EndpointUrl parsed = EndpointUrl.parse(url);
      if (parsed.userInfo().isPresent()) {
        // The measured endpoint's Basic auth is one header; a second one for the judge is not kept apart.
        throw new ConfigException(ConfigKey.JUDGE_ENDPOINT.key() + " (" + ConfigKey.JUDGE_ENDPOINT.envName()
            + ") carries user:password@, which the judge's requests do not send; give the judge an endpoint without it");
      }
      return parsed.shown();
    });
    return new JudgeConfig(endpoint, lookup.apply(ConfigKey.JUDGE_MODEL));
  }
}
