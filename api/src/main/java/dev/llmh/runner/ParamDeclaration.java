package dev.llmh.runner;

import java.math.BigDecimal;
import java.util.List;

/**
 * One {@code @Param} field, the values it sweeps (as written; the runner converts them) and the
 * field's type, so that the results file records {@code 4} for an {@code int}, not {@code "4"}.
 */
public record ParamDeclaration(String name, List<String> values, Type type) {

  /** The field types a {@code @Param} may have. */
  public enum Type { STRING, INT, LONG, DOUBLE, BOOLEAN }

  public ParamDeclaration {
    values = List.copyOf(values);
  }

  /**
   * {@code value} as the results file records it: a number for a numeric field, a boolean for a
   * boolean one, else the text. A double keeps the digits as written (0.50 stays 0.50); a value the
   * type cannot hold exactly as a JSON number (NaN, Infinity, hex) stays text rather than lose it.
   */
  public Object recorded(String value) {
    try {
      return switch (type) {
        case STRING -> value;
        case INT -> Integer.valueOf(value.strip());
        case LONG -> Long.valueOf(value.strip());
        case DOUBLE -> new BigDecimal(value.strip());
        case BOOLEAN -> Boolean.valueOf(value.strip());
      };
    } catch (NumberFormatException e) {
      return value;
    }
  }
}
