package dev.llmh.select;

import dev.llmh.config.ConfigKey;
import dev.llmh.plan.CasePlan;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What to tell the user about patterns of {@code llmh.select} that selected no case here: an error
 * listing every scenario there is when no module of the build declares a scenario they name, a
 * note when another module does (its own run will select those cases).
 *
 * @param nowhere patterns naming no scenario here or in another module
 * @param elsewhere patterns naming only other modules' scenarios
 */
public record Unmatched(List<CasePattern> nowhere, List<CasePattern> elsewhere, String message) {

  /**
   * @param local every case of the module's scenarios, grouped by scenario class, selected or not
   */
  public static Unmatched of(List<CasePattern> unmatched, Map<String, List<CasePlan>> local, ReactorScenarios reactor) {
    List<CasePattern> nowhere = unmatched.stream().filter(p -> !reactor.anyMatches(p)).toList();
    List<CasePattern> elsewhere = unmatched.stream().filter(reactor::anyMatches).toList();
    StringBuilder text = new StringBuilder();
    if (!nowhere.isEmpty()) {
      text.append(ConfigKey.SELECT.key()).append(": ").append(quoted(nowhere))
          .append(nowhere.size() == 1 ? " matches" : " match").append(" no case of any LLMH scenario in this build.\n")
          .append("Scenarios here (prompt [param=values]):\n");
      local.forEach((scenario, plans) -> text.append("  ").append(scenario)
          .append(plans.isEmpty() ? " (no case: its own discovery says why)" : ": " + prompts(plans)).append('\n'));
      if (!reactor.scenarios().isEmpty()) {
        text.append("In other modules of ").append(reactor.root()).append(":\n");
        reactor.scenarios().forEach(s -> text.append("  ").append(s.className()).append(" (").append(s.module()).append(")\n"));
      }
      text.append("Write Class[#prompt][[param=value,...]], e.g. -D").append(ConfigKey.SELECT.key()).append("='")
          .append(example(local)).append("'");
    } else {
      text.append(ConfigKey.SELECT.key()).append(": ").append(quoted(elsewhere))
          .append(" selects nothing in this module; other modules declare ")
          .append(reactor.scenarios().stream().filter(s -> elsewhere.stream().anyMatch(p -> p.matchesScenario(s.className())))
              .map(s -> s.className() + " (" + s.module() + ")").collect(Collectors.joining(", ")));
    }
    return new Unmatched(nowhere, elsewhere, text.toString());
  }

  private static String quoted(List<CasePattern> patterns) {
    return patterns.stream().map(p -> "'" + p.text() + "'").collect(Collectors.joining(", "));
  }

  /** {@code toGerman [concurrency=1|4, words=3|30], toFrench [concurrency=1]}: each prompt with the values its cases take. */
  private static String prompts(List<CasePlan> plans) {
    Map<String, Map<String, Set<String>>> byPrompt = new LinkedHashMap<>();
    for (CasePlan plan : plans) {
      Map<String, Set<String>> values = byPrompt.computeIfAbsent(plan.prompt().name(), name -> new LinkedHashMap<>());
      plan.paramTexts().forEach((param, value) -> values.computeIfAbsent(param, p -> new LinkedHashSet<>()).add(value));
    }
    return byPrompt.entrySet().stream()
        .map(prompt -> prompt.getKey() + " [" + prompt.getValue().entrySet().stream()
            .map(param -> param.getKey() + "=" + String.join("|", param.getValue()))
            .collect(Collectors.joining(", ")) + "]")
        .collect(Collectors.joining(", "));
  }

  /** A pattern that selects one real case here, so the syntax is shown on names the user knows. */
  private static String example(Map<String, List<CasePlan>> local) {
    return local.values().stream().flatMap(List::stream).findFirst()
        .map(plan -> {
          String className = plan.scenarioClassName();
          String simple = className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
          String load = plan.openLoop() ? CasePlan.RATE + "=" + plan.requests().load().rate().text() : "concurrency=" + plan.requests().concurrency();
          return simple + "#" + plan.prompt().name() + "[" + load + "]";
        })
        .orElse("Translation#toGerman[concurrency=4]");
  }
}
