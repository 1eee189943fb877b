package dev.llmh.processor.generator;

import java.util.Locale;
import java.util.Optional;

/**
 * The field types a {@code @Param} may have. Each knows how to check a value at compile time and
 * how the runner converts it, and the two must agree: a value that passes {@link #problem} is one
 * that {@link #conversion} turns into the field's value without an exception. The constants are
 * named as {@link dev.llmh.runner.ParamDeclaration.Type}'s, which the generated runner declares.
 */
public enum ParamType {
  STRING,
  INT,
  LONG,
  DOUBLE,
  BOOLEAN;

  /** The type as users write it, for messages. */
  public String javaName() {
    return this == STRING ? "String" : name().toLowerCase(Locale.ROOT);
  }

  /** Why {@code value} cannot be assigned to a field of this type, if it cannot. */
  public Optional<String> problem(String value) {
    try {
      switch (this) {
        case STRING -> {}
        case INT -> Integer.parseInt(value);
        case LONG -> Long.parseLong(value);
        case DOUBLE -> Double.parseDouble(value);
        case BOOLEAN -> {
          // Boolean.parseBoolean reads every typo as false; only the two words are allowed.
          if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            return Optional.of("write true or false");
          }
        }
      }
      return Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.of(
          switch (this) {
            case INT -> "write a whole number between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE;
            case LONG -> "write a whole number that fits in a long";
            default -> "write a decimal number such as 0.5";
          });
    }
  }

  /** Java source that converts the String expression {@code expression} to this type. */
  public String conversion(String expression) {
    return switch (this) {
      case STRING -> expression;
      case INT -> "java.lang.Integer.parseInt(" + expression + ")";
      case LONG -> "java.lang.Long.parseLong(" + expression + ")";
      case DOUBLE -> "java.lang.Double.parseDouble(" + expression + ")";
      case BOOLEAN -> "java.lang.Boolean.parseBoolean(" + expression + ")";
    };
  }
}
