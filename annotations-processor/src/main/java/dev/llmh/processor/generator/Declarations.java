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
 * validated. A null component, or a null component of one of the groups, means that annotation is
 * absent there; the groups themselves are never null.
 *
 * <p>Each component stands for one whole annotation, because the merge rule is per annotation type:
 * a member's {@code @Endpoint(model = "m")} replaces the class's {@code @Endpoint} entirely rather
 * than inheriting its url. That keeps "what applies here" answerable by looking at two places.
 *
 * @param requests {@code @Warmup} and {@code @Measurement}
 * @param load the kind of load and the search over it
 * @param budgets what the case must meet
 * @param promptCache {@code @PromptCache}
 * @param deployment {@code @Power} and {@code @Cost}
 */
public record Declarations(
    Endpoint endpoint,
    Sampling sampling,
    Integer maxTokens,
    RequestCounts requests,
    LoadShape load,
    Budgets budgets,
    PromptCache.Mode promptCache,
    Deployment deployment) {

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

  /**
   * {@code @Warmup(requests)} and {@code @Measurement}.
   *
   * @param maxRequests {@code @Measurement(maxRequests)}; part of the same annotation as
   *     {@code measuredRequests}, so it is replaced together with it
   */
  public record RequestCounts(Integer warmupRequests, Integer measuredRequests, Integer maxRequests) {
    public static final RequestCounts NONE = new RequestCounts(null, null, null);

    private RequestCounts overriddenBy(RequestCounts member) {
      return new RequestCounts(
          pick(member.warmupRequests, warmupRequests),
          pick(member.measuredRequests, measuredRequests),
          member.measuredRequests != null ? member.maxRequests : maxRequests);
    }
  }

  /**
   * The load a case runs at.
   *
   * @param concurrency {@code @Concurrency}
   * @param load {@code @Load}; it and {@code concurrency} are the two kinds of load, so a member
   *     declaring either replaces the class's choice of both
   * @param saturationSearch {@code @SaturationSearch}
   */
  public record LoadShape(List<Integer> concurrency, LoadDeclaration load, SaturationDeclaration saturationSearch) {
    public static final LoadShape NONE = new LoadShape(null, null, null);

    public LoadShape {
      concurrency = concurrency == null ? null : List.copyOf(concurrency);
    }

    private LoadShape overriddenBy(LoadShape member) {
      boolean memberChoosesLoad = member.concurrency != null || member.load != null;
      return new LoadShape(
          memberChoosesLoad ? member.concurrency : concurrency,
          memberChoosesLoad ? member.load : load,
          pick(member.saturationSearch, saturationSearch));
    }
  }

  /**
   * What a case must meet.
   *
   * @param constraints the {@code @Constraint} texts as written, null when there is none
   * @param ttftConstraints the {@code @Ttft} values written as constraints, null when there is no
   *     {@code @Ttft}; kept apart from {@code constraints} because the two replace independently
   * @param slo {@code @Slo}
   */
  public record Budgets(List<String> constraints, List<String> ttftConstraints, SloDeclaration slo) {
    public static final Budgets NONE = new Budgets(null, null, null);

    public Budgets {
      constraints = constraints == null ? null : List.copyOf(constraints);
      ttftConstraints = ttftConstraints == null ? null : List.copyOf(ttftConstraints);
    }

    private Budgets overriddenBy(Budgets member) {
      return new Budgets(
          pick(member.constraints, constraints),
          pick(member.ttftConstraints, ttftConstraints),
          pick(member.slo, slo));
    }

    /** The constraints as the engine takes them, {@code @Ttft}'s after the written ones. */
    private List<String> all() {
      List<String> all = new ArrayList<>();
      if (constraints != null) {
        all.addAll(constraints);
      }
      if (ttftConstraints != null) {
        all.addAll(ttftConstraints);
      }
      return all;
    }
  }

  /**
   * What running the model costs.
   *
   * @param power {@code @Power(watts)}
   * @param cost {@code @Cost}: its currency (null: not declared) and its prices; no power
   */
  public record Deployment(Double power, DeploymentFacts cost) {
    public static final Deployment NONE = new Deployment(null, null);

    private Deployment overriddenBy(Deployment member) {
      return new Deployment(pick(member.power, power), pick(member.cost, cost));
    }
  }

  public static final Declarations NONE = new Declarations(null, null, null, RequestCounts.NONE, LoadShape.NONE,
      Budgets.NONE, null, Deployment.NONE);

  /** The constraint text a {@code @Ttft} attribute stands for, e.g. {@code ttft.p95 <= 2s}. */
  public static String ttftConstraint(String stat, String budget) {
    return "ttft." + stat + " <= " + budget;
  }

  /** This element's annotations with {@code member}'s replacing them type by type. */
  public Declarations overriddenBy(Declarations member) {
    return new Declarations(
        pick(member.endpoint, endpoint),
        pick(member.sampling, sampling),
        pick(member.maxTokens, maxTokens),
        requests.overriddenBy(member.requests),
        load.overriddenBy(member.load),
        budgets.overriddenBy(member.budgets),
        pick(member.promptCache, promptCache),
        deployment.overriddenBy(member.deployment));
  }

  /** What the engine sees: the plan's record, with {@code @Ttft} folded into the constraints. */
  public DeclaredSettings toSettings() {
    DeclaredSettings.Builder settings = DeclaredSettings.builder()
        .warmupRequests(requests.warmupRequests())
        .measuredRequests(requests.measuredRequests())
        .maxTokens(maxTokens)
        .concurrency(load.concurrency())
        .constraints(budgets.all())
        .maxRequests(requests.maxRequests())
        .promptCache(promptCache)
        .slo(budgets.slo())
        .saturationSearch(load.saturationSearch())
        .load(load.load());
    DeploymentFacts cost = deployment.cost();
    if (deployment.power() != null || cost != null) {
      settings.deployment(new DeploymentFacts(cost == null ? null : cost.currency(), deployment.power(), null, null,
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
