package dev.llmh.plan;

import java.util.List;

/**
 * What a scenario's annotations declare for one prompt. A null component means "not declared":
 * configuration or {@link dev.llmh.config.Defaults} decide.
 *
 * @param constraints constraint expressions, {@code @Ttft} values already written as constraints
 */
public record DeclaredSettings(
    String endpointUrl,
    String model,
    Integer warmupRequests,
    Integer measuredRequests,
    Double temperature,
    Long seed,
    Integer maxTokens,
    List<Integer> concurrency,
    List<String> constraints) {

  public DeclaredSettings {
    concurrency = concurrency == null ? null : List.copyOf(concurrency);
    constraints = constraints == null ? List.of() : List.copyOf(constraints);
  }
}
