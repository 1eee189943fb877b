package dev.llmh.plan;

import java.util.List;

/**
 * What a scenario's annotations declare for one prompt. A null component means "not declared":
 * configuration or {@link dev.llmh.config.Defaults} decide.
 *
 * @param constraints constraint expressions, {@code @Ttft} values already written as constraints
 * @param api {@code @Endpoint(api)}: a {@link dev.llmh.client.Api} key, validated by the processor
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
    List<String> constraints,
    String api) {

  /** Settings without {@code @Endpoint(api)}. */
  public DeclaredSettings(
      String endpointUrl, String model, Integer warmupRequests, Integer measuredRequests, Double temperature,
      Long seed, Integer maxTokens, List<Integer> concurrency, List<String> constraints) {
    this(endpointUrl, model, warmupRequests, measuredRequests, temperature, seed, maxTokens, concurrency, constraints, null);
  }

  public DeclaredSettings {
    concurrency = concurrency == null ? null : List.copyOf(concurrency);
    constraints = constraints == null ? List.of() : List.copyOf(constraints);
  }
}
