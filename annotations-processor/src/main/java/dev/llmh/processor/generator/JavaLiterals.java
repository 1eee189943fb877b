package dev.llmh.processor.generator;

import java.util.List;
import java.util.stream.Collectors;

/** Java source literals for values that came from user annotations. */
public final class JavaLiterals {
  private JavaLiterals() {}

  /**
   * A string literal that reads back as {@code value}, in plain ASCII so the generated file does not
   * depend on the compiler's encoding.
   *
   * <p>Control characters use named or octal escapes, never {@code \}{@code uXXXX}: javac decodes
   * unicode escapes before it reads literals, so an escaped line feed would end the line inside the
   * literal. A backslash is always doubled, which also stops a user's {@code \}{@code u} from being
   * read as an escape (only a backslash preceded by an even number of backslashes starts one).
   */
  public static String string(String value) {
    if (value == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\%03o", (int) c));
          } else if (c < 0x7f) {
            out.append(c);
          } else {
            out.append(String.format("\\u%04x", (int) c));
          }
        }
      }
    }
    return out.append('"').toString();
  }

  /** {@code java.util.List.of("a", "b")}. */
  public static String stringList(List<String> values) {
    return values.stream().map(JavaLiterals::string).collect(Collectors.joining(", ", "java.util.List.of(", ")"));
  }

  /** A literal that boxes to the component types of {@link dev.llmh.runner.DeclaredSettings}. */
  public static String integer(Integer value) {
    return value == null ? "null" : value.toString();
  }

  public static String longValue(Long value) {
    return value == null ? "null" : value + "L";
  }

  /** Only finite values reach here: the processor rejects NaN and infinite temperatures. */
  public static String doubleValue(Double value) {
    return value == null ? "null" : Double.toString(value);
  }

  public static String integerList(List<Integer> values) {
    return values == null
        ? "null"
        : values.stream().map(String::valueOf).collect(Collectors.joining(", ", "java.util.List.of(", ")"));
  }

  /** {@code new dev.llmh.runner.LoadDeclaration(...)}: only finite burstiness reaches here. */
  public static String load(dev.llmh.runner.LoadDeclaration load) {
    return "new dev.llmh.runner.LoadDeclaration(" + stringList(load.rates()) + ", dev.llmh.annotations.Arrivals."
        + load.arrivals().name() + ", " + load.burstiness() + ", " + string(load.duration()) + ", " + load.maxInFlight()
        + ", " + longValue(load.seed()) + ")";
  }

  /** {@code new dev.llmh.config.DeploymentFacts(...)}: the processor lets only finite figures through. */
  public static String deployment(dev.llmh.config.DeploymentFacts facts) {
    dev.llmh.config.DeploymentFacts.Cost cost = facts.cost();
    return "new dev.llmh.config.DeploymentFacts(" + string(facts.currency()) + ", " + doubleValue(facts.powerWatts()) + ", "
        + doubleValue(facts.memoryBandwidth()) + ", " + longValue(facts.modelBytes()) + ", "
        + (cost == null ? "null" : "new dev.llmh.config.DeploymentFacts.Cost(" + doubleValue(cost.hardware()) + ", "
            + doubleValue(cost.lifetimeYears()) + ", " + doubleValue(cost.hoursPerDay()) + ", " + doubleValue(cost.powerPrice())
            + ", " + doubleValue(cost.utilisationPercent()) + ", " + doubleValue(cost.perHour()) + ")")
        + ", " + (facts.trustDeclared() == null ? "null" : "Boolean." + (facts.trustDeclared() ? "TRUE" : "FALSE")) + ")";
  }
}
