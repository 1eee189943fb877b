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
 * @param constraints constraint expressions, {@code @Ttft} values already written as constraints
 * @param models {@code @Endpoint(model)}: the models in declaration order, or null when none is declared
 * @param api {@code @Endpoint(api)}: a {@link dev.llmh.config.Api} key, validated by the processor
 * @param maxRequests {@code @Measurement(maxRequests)}, or null for a fixed number of requests
 * @param promptTokens {@code @SyntheticPrompt(tokens)}: the prompt is made by the harness to each of
 *     these lengths, one case each; null for a prompt the scenario writes
 * @param instruction {@code @SyntheticPrompt(instruction)}: text before the filler, or null
 * @param options {@code @Endpoint(options)}, {@code key=value} as written; null when not declared
 * @param conversationTurns {@code @Conversation(turns)}: each measured request is a conversation of
 *     this many turns; null for single requests
 * @param promptCache {@code @PromptCache}, or null when not declared
 * @param slo {@code @Slo}: what a good request is, or null when not declared
 * @param saturationSearch {@code @SaturationSearch}: its steps replace the concurrency levels; null when not declared
 * @param load {@code @Load}: open-loop arrivals instead of {@code concurrency}'s closed loop; null when not declared
 * @param deployment {@code @Power} and {@code @Cost}: each figure null where not declared; null when neither is
 */
public record DeclaredSettings(
    String endpointUrl,
    List<String> models,
    Integer warmupRequests,
    Integer measuredRequests,
    Double temperature,
    Long seed,
    Integer maxTokens,
    List<Integer> concurrency,
    List<String> constraints,
    String api,
    Integer maxRequests,
    List<Integer> promptTokens,
    String instruction,
    List<String> options,
    Integer conversationTurns,
    dev.llmh.annotations.PromptCache.Mode promptCache,
    SloDeclaration slo,
    SaturationDeclaration saturationSearch,
    LoadDeclaration load,
    dev.llmh.config.DeploymentFacts deployment) {

  public DeclaredSettings {
    models = models == null ? null : List.copyOf(models);
    concurrency = concurrency == null ? null : List.copyOf(concurrency);
    constraints = constraints == null ? List.of() : List.copyOf(constraints);
    promptTokens = promptTokens == null ? null : List.copyOf(promptTokens);
    options = options == null ? null : List.copyOf(options);
  }

  /** True when the harness makes this prompt ({@code @SyntheticPrompt}) rather than the scenario. */
  public boolean synthetic() {
    return promptTokens != null;
  }

  /** These settings with {@code @Conversation(turns)}, which belongs to the class, not to one prompt. */
  public DeclaredSettings withConversationTurns(Integer turns) {
    return new DeclaredSettings(endpointUrl, models, warmupRequests, measuredRequests, temperature, seed, maxTokens,
        concurrency, constraints, api, maxRequests, promptTokens, instruction, options, turns, promptCache, slo,
        saturationSearch, load, deployment);
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

    public Builder endpointUrl(String endpointUrl) {
      this.endpointUrl = endpointUrl;
      return this;
    }

    /** One model: what runners generated before {@code @Endpoint(model)} took several call. */
    public Builder model(String model) {
      this.models = model == null ? null : List.of(model);
      return this;
    }

    public Builder models(List<String> models) {
      this.models = models;
      return this;
    }

    public Builder warmupRequests(Integer warmupRequests) {
      this.warmupRequests = warmupRequests;
      return this;
    }

    public Builder measuredRequests(Integer measuredRequests) {
      this.measuredRequests = measuredRequests;
      return this;
    }

    public Builder temperature(Double temperature) {
      this.temperature = temperature;
      return this;
    }

    public Builder seed(Long seed) {
      this.seed = seed;
      return this;
    }

    public Builder maxTokens(Integer maxTokens) {
      this.maxTokens = maxTokens;
      return this;
    }

    public Builder concurrency(List<Integer> concurrency) {
      this.concurrency = concurrency;
      return this;
    }

    public Builder constraints(List<String> constraints) {
      this.constraints = constraints;
      return this;
    }

    public Builder api(String api) {
      this.api = api;
      return this;
    }

    public Builder maxRequests(Integer maxRequests) {
      this.maxRequests = maxRequests;
      return this;
    }

    public Builder promptTokens(List<Integer> promptTokens) {
      this.promptTokens = promptTokens;
      return this;
    }

    public Builder instruction(String instruction) {
      this.instruction = instruction;
      return this;
    }

    public Builder options(List<String> options) {
      this.options = options;
      return this;
    }

    public Builder conversationTurns(Integer conversationTurns) {
      this.conversationTurns = conversationTurns;
      return this;
    }

    public Builder promptCache(dev.llmh.annotations.PromptCache.Mode promptCache) {
      this.promptCache = promptCache;
      return this;
    }

    public Builder slo(SloDeclaration slo) {
      this.slo = slo;
      return this;
    }

    public Builder saturationSearch(SaturationDeclaration saturationSearch) {
      this.saturationSearch = saturationSearch;
      return this;
    }

    public Builder load(LoadDeclaration load) {
      this.load = load;
      return this;
    }

    public Builder deployment(dev.llmh.config.DeploymentFacts deployment) {
      this.deployment = deployment;
      return this;
    }

    public DeclaredSettings build() {
      return new DeclaredSettings(
          endpointUrl, models, warmupRequests, measuredRequests, temperature, seed, maxTokens, concurrency,
          constraints, api, maxRequests, promptTokens, instruction, options, conversationTurns, promptCache, slo,
          saturationSearch, load, deployment);
    }
  }
}
