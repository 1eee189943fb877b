package dev.llmh.runner;

import java.util.List;

/**
 * What a scenario's annotations declare for one prompt. A null component means "not declared":
 * configuration or {@link dev.llmh.config.Defaults} decide.
 *
 * <p>Generated runners build it with {@link #builder()} and call a setter only for what the scenario
 * declares, never a constructor that lists every component. So, as with JMH's benchmark metadata, a
 * setting added here later changes no generated code: runners compiled before it still compile and
 * link, and leave the new setting undeclared.
 *
 * @param endpoint {@code @Endpoint}: where and to which models requests go
 * @param measurement how many requests, at which loads
 * @param sampling what each request asks of the model
 * @param prompting how the prompt is made and how many turns it has
 * @param constraints constraint expressions, {@code @Ttft} values already written as constraints
 * @param slo {@code @Slo}: what a good request is, or null when not declared
 * @param deployment {@code @Power} and {@code @Cost}: each figure null where not declared; null when neither is
 */
public record DeclaredSettings(
    Endpoint endpoint,
    Measurement measurement,
    Sampling sampling,
    Prompting prompting,
    List<String> constraints,
    SloDeclaration slo,
    dev.llmh.config.DeploymentFacts deployment) {

  /**
   * @param url {@code @Endpoint(url)}
   * @param models {@code @Endpoint(model)}: the models in declaration order, or null when none is declared
   * @param api {@code @Endpoint(api)}: a {@link dev.llmh.config.Api} key, validated by the processor
   * @param options {@code @Endpoint(options)}, {@code key=value} as written; null when not declared
   */
  public record Endpoint(String url, List<String> models, String api, List<String> options) {
    public Endpoint {
      models = models == null ? null : List.copyOf(models);
      options = options == null ? null : List.copyOf(options);
    }
  }

  /**
   * @param maxRequests {@code @Measurement(maxRequests)}, or null for a fixed number of requests
   * @param saturationSearch {@code @SaturationSearch}: its steps replace the concurrency levels; null when not declared
   * @param load {@code @Load}: open-loop arrivals instead of {@code concurrency}'s closed loop; null when not declared
   */
  public record Measurement(
      Integer warmupRequests, Integer measuredRequests, Integer maxRequests, List<Integer> concurrency,
      SaturationDeclaration saturationSearch, LoadDeclaration load) {
    public Measurement {
      concurrency = concurrency == null ? null : List.copyOf(concurrency);
    }
  }

  /** @param promptCache {@code @PromptCache}, or null when not declared */
  public record Sampling(Double temperature, Long seed, Integer maxTokens,
      dev.llmh.annotations.PromptCache.Mode promptCache) {}

  /**
   * @param promptTokens {@code @SyntheticPrompt(tokens)}: the prompt is made by the harness to each of
   *     these lengths, one case each; null for a prompt the scenario writes
   * @param instruction {@code @SyntheticPrompt(instruction)}: text before the filler, or null
   * @param conversationTurns {@code @Conversation(turns)}: each measured request is a conversation of
   *     this many turns; null for single requests
   */
  public record Prompting(List<Integer> promptTokens, String instruction, Integer conversationTurns) {
    public Prompting {
      promptTokens = promptTokens == null ? null : List.copyOf(promptTokens);
    }
  }

  public DeclaredSettings {
    constraints = constraints == null ? List.of() : List.copyOf(constraints);
  }

  /** True when the harness makes this prompt ({@code @SyntheticPrompt}) rather than the scenario. */
  public boolean synthetic() {
    return prompting.promptTokens() != null;
  }

  /** These settings with {@code @Conversation(turns)}, which belongs to the class, not to one prompt. */
  public DeclaredSettings withConversationTurns(Integer turns) {
    return new DeclaredSettings(endpoint, measurement, sampling,
        new Prompting(prompting.promptTokens(), prompting.instruction(), turns), constraints, slo, deployment);
  }

  /** Nothing declared yet; each setter declares one setting. */
  public static Builder builder() {
    return new Builder();
  }

  /** Every setter is optional: a setting never set stays null, i.e. not declared. */
  public static final class Builder {
    private String endpointUrl;
    private List<String> models;
    private Integer warmupRequests;
    private Integer measuredRequests;
    private Double temperature;
    private Long seed;
    private Integer maxTokens;
    private List<Integer> concurrency;
    private List<String> constraints;
    private String api;
    private Integer maxRequests;
    private List<Integer> promptTokens;
    private String instruction;
    private List<String> options;
    private Integer conversationTurns;
    private dev.llmh.annotations.PromptCache.Mode promptCache;
    private SloDeclaration slo;
    private SaturationDeclaration saturationSearch;
    private LoadDeclaration load;
    private dev.llmh.config.DeploymentFacts deployment;

    private Builder() {}

    /** One model: what runners generated before {@code @Endpoint(model)} took several call. */
    public Builder model(String model) {
      this.models = model == null ? null : List.of(model);
      return this;
    }

    public Builder endpointUrl(String v) { endpointUrl = v; return this; }
    public Builder models(List<String> v) { models = v; return this; }
    public Builder warmupRequests(Integer v) { warmupRequests = v; return this; }
    public Builder measuredRequests(Integer v) { measuredRequests = v; return this; }
    public Builder temperature(Double v) { temperature = v; return this; }
    public Builder seed(Long v) { seed = v; return this; }
    public Builder maxTokens(Integer v) { maxTokens = v; return this; }
    public Builder concurrency(List<Integer> v) { concurrency = v; return this; }
    public Builder constraints(List<String> v) { constraints = v; return this; }
    public Builder api(String v) { api = v; return this; }
    public Builder maxRequests(Integer v) { maxRequests = v; return this; }
    public Builder promptTokens(List<Integer> v) { promptTokens = v; return this; }
    public Builder instruction(String v) { instruction = v; return this; }
    public Builder options(List<String> v) { options = v; return this; }
    public Builder conversationTurns(Integer v) { conversationTurns = v; return this; }
    public Builder promptCache(dev.llmh.annotations.PromptCache.Mode v) { promptCache = v; return this; }
    public Builder slo(SloDeclaration v) { slo = v; return this; }
    public Builder saturationSearch(SaturationDeclaration v) { saturationSearch = v; return this; }
    public Builder load(LoadDeclaration v) { load = v; return this; }
    public Builder deployment(dev.llmh.config.DeploymentFacts v) { deployment = v; return this; }

    public DeclaredSettings build() {
      return new DeclaredSettings(
          new Endpoint(endpointUrl, models, api, options),
          new Measurement(warmupRequests, measuredRequests, maxRequests, concurrency, saturationSearch, load),
          new Sampling(temperature, seed, maxTokens, promptCache),
          new Prompting(promptTokens, instruction, conversationTurns),
          constraints, slo, deployment);
    }
  }
}
