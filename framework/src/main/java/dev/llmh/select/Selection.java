package dev.llmh.select;

import dev.llmh.config.ConfigException;
import dev.llmh.config.ConfigKey;
import dev.llmh.plan.CasePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The cases {@code llmh.select} asks for: patterns separated by commas (commas inside a
 * {@code [...]} belong to it), a case being selected when any pattern matches it.
 */
public record Selection(List<CasePattern> patterns) {

  public Selection {
    patterns = List.copyOf(patterns);
  }

  /** {@code llmh.select} through {@code properties} (system properties or JUnit configuration parameters), then the environment. */
  public static Optional<Selection> read(Function<String, Optional<String>> properties, Map<String, String> environment) {
    return properties.apply(ConfigKey.SELECT.key())
        .or(() -> Optional.ofNullable(environment.get(ConfigKey.SELECT.envName())))
        .filter(value -> !value.isBlank())
        .map(Selection::parse);
  }

  public static Selection parse(String text) {
    List<CasePattern> patterns = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ',';
      if (c == '[') {
        depth++;
      } else if (c == ']') {
        depth--;
      } else if (c == ',' && depth <= 0) {
        String pattern = text.substring(start, i);
        if (pattern.isBlank()) {
          throw new ConfigException(ConfigKey.SELECT.key() + " (" + ConfigKey.SELECT.envName() + ") = '" + text
              + "' has an empty pattern; separate patterns with single commas");
        }
        patterns.add(CasePattern.parse(pattern));
        start = i + 1;
      }
    }
    return new Selection(patterns);
  }

  public boolean selects(CasePlan plan) {
    return patterns.stream().anyMatch(p -> p.matches(plan));
  }

  @Override
  public String toString() {
    return String.join(",", patterns.stream().map(CasePattern::text).toList());
  }
}
