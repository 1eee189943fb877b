package dev.llmh.select;

import dev.llmh.config.ConfigException;
import dev.llmh.config.ConfigKey;
import dev.llmh.plan.CasePlan;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One pattern of {@code llmh.select}: {@code Class[#prompt][[param=value,...]]}, e.g.
 * {@code Translation#toGerman[concurrency=4]}. The class is matched on its simple name, or on its
 * full name when the pattern has a dot; the prompt on its name (as the output shows it) or its
 * member; each condition on the case's parameter of that name, concurrency included. Names and
 * values may hold {@code *} and {@code ?}.
 */
public record CasePattern(String text, Glob scenario, Optional<Glob> prompt, Map<String, Glob> conditions) {

  public CasePattern {
    conditions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(conditions));
  }

  static CasePattern parse(String text) {
    String rest = text.strip();
    Map<String, Glob> conditions = new LinkedHashMap<>();
    if (rest.endsWith("]")) {
      int open = rest.lastIndexOf('[');
      if (open < 0) {
        throw invalid(text, "a ']' without its '['");
      }
      for (String condition : rest.substring(open + 1, rest.length() - 1).split(",")) {
        int equals = condition.indexOf('=');
        if (equals <= 0) {
          throw invalid(text, "'" + condition.strip() + "' is not param=value");
        }
        conditions.put(condition.substring(0, equals).strip(), Glob.of(condition.substring(equals + 1).strip()));
      }
      rest = rest.substring(0, open);
    }
    int hash = rest.indexOf('#');
    String scenario = hash < 0 ? rest : rest.substring(0, hash);
    String prompt = hash < 0 ? "" : rest.substring(hash + 1);
    if (scenario.isBlank()) {
      throw invalid(text, "no scenario class (write * for every class)");
    }
    if (scenario.contains("[") || prompt.contains("[") || prompt.contains("#")) {
      throw invalid(text, "one '#' between class and prompt, and at most one [param=value,...] at the end");
    }
    return new CasePattern(text.strip(), Glob.of(scenario.strip()),
        prompt.isBlank() ? Optional.empty() : Optional.of(Glob.of(prompt.strip())), conditions);
  }

  private static ConfigException invalid(String text, String why) {
    return new ConfigException(ConfigKey.SELECT.key() + " (" + ConfigKey.SELECT.envName() + "): '" + text.strip() + "': "
        + why + "; write Class[#prompt][[param=value,...]], e.g. Translation#toGerman[concurrency=4]");
  }

  /** Whether the class part names this scenario class (a binary name, {@code com.example.Outer$Inner}). */
  public boolean matchesScenario(String className) {
    if (scenario.text().contains(".")) {
      return scenario.matches(className);
    }
    int start = Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1;
    return scenario.matches(className.substring(start));
  }

  public boolean matches(CasePlan plan) {
    if (!matchesScenario(plan.scenarioClassName())) {
      return false;
    }
    if (prompt.isPresent() && !prompt.get().matches(plan.prompt().name()) && !prompt.get().matches(plan.prompt().member())) {
      return false;
    }
    Map<String, String> params = plan.paramTexts();
    return conditions.entrySet().stream()
        .allMatch(c -> params.containsKey(c.getKey()) && c.getValue().matches(params.get(c.getKey())));
  }

  @Override
  public String toString() {
    return text;
  }
}
