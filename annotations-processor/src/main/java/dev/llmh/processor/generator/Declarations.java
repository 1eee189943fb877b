package dev.llmh.processor.generator;

import dev.llmh.annotations.PromptCache;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.LoadDeclaration;
import dev.llmh.runner.SaturationDeclaration;
import dev.llmh.runner.SloDeclaration;
import java.util.ArrayList;
import java.util.List;

/**
 * The settings annotations found on one element (the class, or one {@code @Prompt} member), already
 * validated. A null component means that annotation is absent there.
 *
 * <p>Each component stands for one whole annotation, because the merge rule is per annotation type:
 * a member's {@code @Endpoint(model = "m")} replaces the class's {@code @Endpoint} entirely rather
 * than inheriting its url. That keeps "what applies here" answerable by looking at two places.
 *
 * @param constraints the {@code @Constraint} texts as written, null when there is none
 * @param ttftConstraints the {@code @Ttft} values written as constraints, null when there is no
 *     {@code @Ttft}; kept apart from {@code constraints} because the two replace independently
 * @param maxRequests {@code @Measurement(maxRequests)}; part of the same annotation as
 *     {@code measuredRequests}, so it is replaced together with it
 * @param promptCache {@code @PromptCache}
 * @param slo {@code @Slo}
 * @param saturationSearch {@code @SaturationSearch}
 * @param load {@code @Load}; it and {@code concurrency} are the two kinds of load, so a member
 *     declaring either replaces the class's choice of both
 * @param power {@code @Power(watts)}
 * @param cost {@code @Cost}: its currency (null: not declared) and its prices; no power
 */
public record Declarations(
    Endpoint endpoint,
    Integer warmupRequests,
    Integer measuredRequests,
    Sampling sampling,
    Integer maxTokens,
    List<Integer> concurrency,
    List<String> constraints,
    List<String> ttftConstraints,
    Integer maxRequests,
    PromptCache.Mode promptCache,
    SloDeclaration slo,
    SaturationDeclaration saturationSearch,
    LoadDeclaration load,
    Double power,
    DeploymentFacts cost) {

  /**
   * {@code @Endpoint}; an empty string or list is "not declared" and is stored as null.
   *
   * @param models the models in declaration order; two or more are compared side by side
   * @param options {@code options} as written, null when there are none
   */
  public record Endpoint(String url, List<String> models, String api, List<String> options) {
    public Endpoint {
      models = models == null ? null : List.copyOf(models);
      options = options == null || options.isEmpty() ? null : List.copyOf(options);
    }

    public Endpoint(String url, List<String> models, String api) {
      this(url, models, api, null);
    }

    public Endpoint(String url, String model) {
      this(url, model == null ? null : List.of(model), null);
    }
  }

  /** {@code @Sampling}; present means both values are declared, defaults included. */
  public record Sampling(double temperature, long seed) {}

  public static final Declarations NONE = new Declarations(null, null, null, null, null, null, null, null, null, null,
      null, null, null, null, null);

  public Declarations {
    concurrency = concurrency == null ? null : List.copyOf(concurrency);
    constraints = constraints == null ? null : List.copyOf(constraints);
    ttftConstraints = ttftConstraints == null ? null : List.copyOf(ttftConstraints);
  }

  /** The constraint text a {@code @Ttft} attribute stands for, e.g. {@code ttft.p95 <= 2s}. */
  public static String ttftConstraint(String stat, String budget) {
    return "ttft." + stat + " <= " + budget;
  }

  /** This element's annotations with {@code member}'s replacing them type by type. */
  public Declarations overriddenBy(Declarations member) {
    boolean memberChoosesLoad = member.concurrency != null || member.load != null;
    return new Declarations(
        pick(member.endpoint, endpoint),
        pick(member.warmupRequests, warmupRequests),
        pick(member.measuredRequests, measuredRequests),
        pick(member.sampling, sampling),
        pick(member.maxTokens, maxTokens),
        memberChoosesLoad ? member.concurrency : concurrency,
        pick(member.constraints, constraints),
        pick(member.ttftConstraints, ttftConstraints),
        member.measuredRequests != null ? member.maxRequests : maxRequests,
        pick(member.promptCache, promptCache),
        pick(member.slo, slo),
        pick(member.saturationSearch, saturationSearch),
        memberChoosesLoad ? member.load : load,
        pick(member.power, power),
        pick(member.cost, cost));
  }

  /** What the engine sees: the plan's record, with {@code @Ttft} folded into the constraints. */
  public DeclaredSettings toSettings() {
    List<String> all = new ArrayList<>();
    if (constraints != null) {
      all.addAll(constraints);
    }
    if (ttftConstraints != null) {
      all.addAll(ttftConstraints);
    }
    DeclaredSettings.Builder settings = DeclaredSettings.builder()
        .warmupRequests(warmupRequests)
        .measuredRequests(measuredRequests)
        .maxTokens(maxTokens)
        .concurrency(concurrency)
        .constraints(all)
        .maxRequests(maxRequests)
        .promptCache(promptCache)
        .slo(slo)
        .saturationSearch(saturationSearch)
        .load(load);
    if (power != null || cost != null) {
      settings.deployment(new DeploymentFacts(cost == null ? null : cost.currency(), power, null, null,
          cost == null ? null : cost.cost(), cost == null ? null : cost.trustDeclared()));
    }
    if (endpoint != null) {
      settings.endpointUrl(endpoint.url()).models(endpoint.models()).api(endpoint.api()).options(endpoint.options());
    }
    if (sampling != null) {
      settings.temperature(sampling.temperature()).seed(sampling.seed());
    }
    return settings.build();
  }

  private static <T> T pick(T member, T classDefault) {
    return member != null ? member : classDefault;
  }
}
