package dev.llmh.plan;

import dev.llmh.config.Api;
import dev.llmh.config.Config;
import dev.llmh.config.ConfigException;
import dev.llmh.config.ConfigKey;
import dev.llmh.config.Defaults;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.config.EndpointUrl;
import dev.llmh.config.Rate;
import dev.llmh.config.ServerOptions;
import dev.llmh.config.TimeSpan;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.LoadDeclaration;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Expands a scenario into its cases: every prompt × every combination of param values × every
 * concurrency level (or every {@code @Load} rate), in declaration order, with settings resolved as configuration > annotation >
 * default. When a prompt compares several models, every model is a case parameter as well, and the
 * cases are grouped by model, in the order the models are listed.
 */
public final class Planner {
  private Planner() {}

  public static List<CasePlan> plan(ScenarioRunner runner, Config config) {
    List<Map<String, String>> combinations = combinations(runner.params());
    Map<PromptDeclaration, List<String>> modelsOf = new LinkedHashMap<>();
    runner.prompts().forEach(prompt -> modelsOf.put(prompt, models(prompt.settings(), config)));
    List<CasePlan> cases = new ArrayList<>();
    if (modelsOf.values().stream().noneMatch(models -> models.size() > 1)) {
      modelsOf.forEach((prompt, models) -> cases.addAll(cases(runner, prompt, models.get(0), false, combinations, config)));
      return byServer(cases);
    }
    // Models side by side: all cases of one model, then the next's, in the order they are listed, so
    // that a server holding one model at a time (Ollama) loads each once, in the first case's warm-up.
    List<String> order = modelsOf.values().stream().flatMap(List::stream).distinct().toList();
    for (String model : order) {
      modelsOf.forEach((prompt, models) -> {
        if (models.contains(model)) {
          cases.addAll(cases(runner, prompt, model, models.size() > 1, combinations, config));
        }
      });
    }
    return byServer(cases);
  }

  /** The cases of each server LLMH starts together, in the order their servers are first needed: one start each. */
  private static List<CasePlan> byServer(List<CasePlan> cases) {
    List<String> order = cases.stream().map(c -> c.target().launch()).filter(java.util.Objects::nonNull)
        .map(ServerLaunch::command).distinct().toList();
    if (order.size() < 2) {
      return cases;
    }
    List<CasePlan> sorted = new ArrayList<>(cases); // a stable sort: each server's cases keep their order
    sorted.sort(java.util.Comparator.comparingInt(c -> order.indexOf(c.target().launch().command())));
    return sorted;
  }

  /** The prompt's models, configuration over annotation; one null (the server's choice) when neither names one. */
  private static List<String> models(DeclaredSettings declared, Config config) {
    if (!config.target().models().isEmpty()) {
      return config.target().models();
    }
    return declared.endpoint().models() == null || declared.endpoint().models().isEmpty()
        ? java.util.Collections.singletonList(null) : declared.endpoint().models();
  }

  /** The prompt's cases for one model: every param combination × every concurrency level. */
  private static List<CasePlan> cases(
      ScenarioRunner runner, PromptDeclaration prompt, String model, boolean modelParam, List<Map<String, String>> combinations,
      Config config) {
    DeclaredSettings declared = prompt.settings();
    List<ConstraintExpression> constraints =
        declared.constraints().stream().map(ConstraintParser::parse).toList();
    DeploymentFacts deployment = deployment(runner, declared, config);
    checkCurrency(runner, constraints, deployment.currencyOrDefault());
    DeclaredSettings.Measurement measurement = declared.measurement();
    List<Integer> levels = measurement.saturationSearch() != null ? measurement.saturationSearch().concurrencySteps()
        : measurement.concurrency() != null ? measurement.concurrency() : Defaults.CONCURRENCY;
    // Credentials in an annotation are a compile error; were one to get here, it is never shown.
    String endpoint = config.target().endpoint()
        .orElse(declared.endpoint().url() != null ? EndpointUrl.parse(declared.endpoint().url()).shown() : Defaults.ENDPOINT);
    String declaredApi = declared.endpoint().api();
    Api api = config.target().api().or(() -> declaredApi == null ? java.util.Optional.empty() : Api.byKey(declaredApi))
        .orElse(Api.detect(endpoint));
    Map<String, Object> options =
        ServerOptions.parse(config.requests().options().orElse(declared.endpoint().options() == null ? List.of() : declared.endpoint().options()));
    checkModelParam(runner, modelParam);
    List<OpenLoad> loads = loads(declared, levels);
    List<CasePlan> cases = new ArrayList<>();
    for (Map<String, String> params : declared.synthetic() ? withPromptTokens(combinations,
        declared.prompting().promptTokens()) : combinations) {
      for (int step = 0; step < (loads.isEmpty() ? levels.size() : loads.size()); step++) {
        int concurrency = loads.isEmpty() ? levels.get(step) : 1; // an open loop's warm-up is sent one at a time
        int measured = loads.isEmpty() ? orDefault(declared.measurement().measuredRequests(), Defaults.MEASURED_REQUESTS)
            : loads.get(step).arrivals(orDefault(declared.measurement().measuredRequests(), Defaults.MEASURED_REQUESTS));
        cases.add(
            new CasePlan(runner, prompt, params,
                launched(new CasePlan.Target(endpoint, model, api, modelParam, options, deployment,
                    ServerLaunch.of(runner.server(), params, config, runner.scenarioClassName()))),
                new CasePlan.Requests(
                    concurrency,
                    orDefault(declared.measurement().warmupRequests(), Defaults.WARMUP_REQUESTS),
                    measured,
                    declared.measurement().maxRequests() != null ? declared.measurement().maxRequests()
                        : Looks.ceilingToDecide(constraints, orDefault(declared.measurement().measuredRequests(),
                            Defaults.MEASURED_REQUESTS),
                            config.statistics().confidence(), config.requests().maxRequests()),
                    loads.isEmpty() ? null : loads.get(step),
                    config.timeouts().caseTimeout()),
                new CasePlan.Sampling(
                    declared.sampling().temperature() != null ? declared.sampling().temperature() : Defaults.TEMPERATURE,
                    declared.sampling().seed() != null ? declared.sampling().seed() : Defaults.SEED,
                    orDefault(declared.sampling().maxTokens(), Defaults.MAX_TOKENS),
                    config.requests().promptCache().orElse(declared.sampling().promptCache())),
                new CasePlan.Verdicts(constraints, config.statistics().confidence(), config.statistics().inconclusive()),
                config.output().recordTextChars()));
      }
    }
    return cases;
  }

  /** A target whose server LLMH starts: its endpoint is the server's URL, with {@code {port}} still to pick. */
  private static CasePlan.Target launched(CasePlan.Target t) {
    return t.launch() == null ? t
        : new CasePlan.Target(t.launch().url(), t.model(), t.api(), t.modelParam(), t.options(), t.deployment(), t.launch());
  }

  /** The open-loop loads, one per case; under @Load a search steps over rates, in req/s, with the @Load's arrivals. */
  private static List<OpenLoad> loads(DeclaredSettings declared, List<Integer> levels) {
    List<OpenLoad> loads = loads(declared.measurement().load());
    if (declared.measurement().saturationSearch() == null || loads.isEmpty()) {
      return loads;
    }
    OpenLoad first = loads.get(0);
    return levels.stream().map(perSecond -> first.at(dev.llmh.config.Rate.perSecond(perSecond))).toList();
  }

  /** A budget in another currency than the prices is a configuration error, before the first request. */
  private static void checkCurrency(ScenarioRunner runner, List<ConstraintExpression> constraints, String currency) {
    constraints.stream().filter(c -> c.currency() != null && !c.currency().equals(currency)).findFirst().ifPresent(c -> {
      throw new ConfigException(runner.scenarioClassName() + ": the budget \"" + c.source() + "\" is in " + c.currency()
          + " but prices are in " + currency + " (" + ConfigKey.COST_CURRENCY.key() + "): write the budget in " + currency
          + ", or set " + ConfigKey.COST_CURRENCY.key() + "=" + c.currency() + " with prices in " + c.currency());
    });
  }

  /** Several models make {@code model} a case parameter: a {@code @Param} of that name would clash. */
  private static void checkModelParam(ScenarioRunner runner, boolean modelParam) {
    if (modelParam && runner.params().stream().anyMatch(p -> p.name().equals("model"))) {
      throw new ConfigException(runner.scenarioClassName() + " has a @Param named model and is run with several models"
          + " (" + ConfigKey.MODEL.key() + "), which make model a case parameter too; rename the field or name one model");
    }
  }

  /**
   * What configuration declares about the deployment over what the scenario declares ({@code @Power},
   * {@code @Cost}), key by key, checked here, before the first request: merged prices that cannot make
   * a cost are a configuration error, whichever side left the gap.
   */
  private static DeploymentFacts deployment(ScenarioRunner runner, DeclaredSettings declared, Config config) {
    DeploymentFacts annotated = declared.deployment() == null ? DeploymentFacts.NONE : declared.deployment();
    DeploymentFacts deployment = annotated.under(config.servers().deployment());
    DeploymentFacts.Cost cost = deployment.cost();
    if (cost != null && cost.problem() != null) {
      throw new ConfigException(runner.scenarioClassName() + ": " + cost.problem());
    }
    String configured = config.servers().deployment().currency();
    if (annotated.currency() != null && configured != null && !configured.equals(annotated.currency())
        && keepsAPrice(annotated.cost(), config.servers().deployment().cost())) {
      // merged key by key, a price written in the scenario's currency would be read in configuration's
      throw new ConfigException(runner.scenarioClassName() + ": " + ConfigKey.COST_CURRENCY.key() + " = " + configured
          + " but the scenario's @Cost prices are in " + annotated.currency() + ": configure its prices in " + configured
          + " too, or leave " + ConfigKey.COST_CURRENCY.key() + " unset");
    }
    return deployment;
  }

  /** True when a price of {@code declared} (utilisation is none) is not replaced by configuration's. */
  private static boolean keepsAPrice(DeploymentFacts.Cost declared, DeploymentFacts.Cost configured) {
    if (declared == null) {
      return false;
    }
    DeploymentFacts.Cost over = configured == null ? new DeploymentFacts.Cost(null, null, null, null, null, null) : configured;
    return declared.hardware() != null && over.hardware() == null || declared.powerPrice() != null && over.powerPrice() == null
        || declared.perHour() != null && over.perHour() == null;
  }

  /** One open load per declared rate, in declaration order; none for a closed loop. */
  static List<OpenLoad> loads(LoadDeclaration declared) {
    if (declared == null) {
      return List.of();
    }
    Duration duration = declared.duration() == null ? null : TimeSpan.parse(declared.duration());
    return declared.rates().stream()
        .map(rate -> new OpenLoad(Rate.parse(rate), declared.arrivals(), declared.burstiness(), duration,
            declared.maxInFlight(), declared.seed()))
        .toList();
  }

  private static int orDefault(Integer declared, int fallback) {
    return declared != null ? declared : fallback;
  }

  /**
   * Each combination once per synthetic length, the length first: {@code promptTokens} is the case's
   * first parameter, and the sweep runs length by length in declaration order.
   */
  static List<Map<String, String>> withPromptTokens(List<Map<String, String>> combinations, List<Integer> lengths) {
    List<Map<String, String>> result = new ArrayList<>();
    for (Map<String, String> params : combinations) {
      for (int tokens : lengths) {
        Map<String, String> extended = new LinkedHashMap<>();
        extended.put(CasePlan.PROMPT_TOKENS, String.valueOf(tokens));
        extended.putAll(params);
        result.add(extended);
      }
    }
    return result;
  }

  /** The cartesian product of all param values; one empty map when there are no params. */
  static List<Map<String, String>> combinations(List<ParamDeclaration> params) {
    List<Map<String, String>> result = new ArrayList<>();
    result.add(new LinkedHashMap<>());
    for (ParamDeclaration param : params) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> partial : result) {
        for (String value : param.values()) {
          Map<String, String> extended = new LinkedHashMap<>(partial);
          extended.put(param.name(), value);
          next.add(extended);
        }
      }
      result = next;
    }
    return result;
  }
}
