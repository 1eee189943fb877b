package dev.llmh.plan;

import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import dev.llmh.config.Api;
import dev.llmh.config.Config;
import dev.llmh.config.Defaults;
import dev.llmh.config.EndpointUrl;
import dev.llmh.config.ServerOptions;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.verdict.Looks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Expands a scenario into its cases: every prompt × every combination of param values × every
 * concurrency level, in declaration order, with settings resolved as configuration > annotation >
 * default.
 */
public final class Planner {
  private Planner() {}

  public static List<CasePlan> plan(ScenarioRunner runner, Config config) {
    List<Map<String, String>> combinations = combinations(runner.params());
    List<CasePlan> cases = new ArrayList<>();
    for (PromptDeclaration prompt : runner.prompts()) {
      DeclaredSettings declared = prompt.settings();
      List<ConstraintExpression> constraints =
          declared.constraints().stream().map(ConstraintParser::parse).toList();
      List<Integer> levels = declared.concurrency() != null ? declared.concurrency() : Defaults.CONCURRENCY;
      // Credentials in an annotation are a compile error; were one to get here, it is never shown.
      String endpoint =
          config.endpoint().orElse(
              declared.endpointUrl() != null ? EndpointUrl.parse(declared.endpointUrl()).shown() : Defaults.ENDPOINT);
      String model = config.model().orElse(declared.model());
      Api api =
          config.api()
              .or(() -> declared.api() == null ? java.util.Optional.empty() : Api.byKey(declared.api()))
              .orElse(Api.detect(endpoint));
      Map<String, Object> options =
          ServerOptions.parse(config.options().orElse(declared.options() == null ? List.of() : declared.options()));
      for (Map<String, String> params : declared.synthetic() ? withPromptTokens(combinations, declared.promptTokens()) : combinations) {
        for (int concurrency : levels) {
          cases.add(
              new CasePlan(
                  runner,
                  prompt,
                  params,
                  concurrency,
                  orDefault(declared.warmupRequests(), Defaults.WARMUP_REQUESTS),
                  orDefault(declared.measuredRequests(), Defaults.MEASURED_REQUESTS),
                  declared.temperature() != null ? declared.temperature() : Defaults.TEMPERATURE,
                  declared.seed() != null ? declared.seed() : Defaults.SEED,
                  orDefault(declared.maxTokens(), Defaults.MAX_TOKENS),
                  endpoint,
                  model,
                  constraints,
                  api,
                  declared.maxRequests() != null ? declared.maxRequests()
                      : Looks.ceilingToDecide(constraints, orDefault(declared.measuredRequests(), Defaults.MEASURED_REQUESTS),
                          config.confidence(), config.maxRequests()),
                  config.confidence(),
                  config.inconclusive(),
                  config.caseTimeout(),
                  options,
                  config.promptCache().orElse(declared.promptCache())));
        }
      }
    }
    return cases;
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
