package dev.llmh.plan;

import java.util.List;

/**
 * What a scenario's annotations declare for one prompt. A null component means "not declared":
 * configuration or {@link dev.llmh.config.Defaults} decide.
 *
 * @param constraints constraint expressions, {@code @Ttft} values already written as constraints
 * @param api {@code @Endpoint(api)}: a {@link dev.llmh.client.Api} key, validated by the processor
 * @param maxRequests {@code @Measurement(maxRequests)}, or null for a fixed number of requests
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
    String api,
    Integer maxRequests) {

  /** Settings without {@code @Measurement(maxRequests)}. */
  public DeclaredSettings(
      String endpointUrl, String model, Integer warmupRequests, Integer measuredRequests, Double temperature,
      Long seed, Integer maxTokens, List<Integer> concurrency, List<String> constraints, String api) {
    this(endpointUrl, model, warmupRequests, measuredRequests, temperature, seed, maxTokens, concurrency, constraints, api, null);
  }

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
