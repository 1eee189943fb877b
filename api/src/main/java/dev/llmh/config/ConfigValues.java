package dev.llmh.config;

import dev.llmh.constraint.ConstraintException;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Dimension;
import dev.llmh.constraint.Unit;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The configured values of keys, each parsed and checked as it is read, with its key and environment
 * variable named in every error: a system property (or JUnit configuration parameter) over the
 * environment; blank counts as unset.
 */
final class ConfigValues {
  private static final Pattern DURATION = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*([a-z]+)\\s*");

  private final Function<String, Optional<String>> properties;
  private final Map<String, String> environment;

  ConfigValues(Function<String, Optional<String>> properties, Map<String, String> environment) {
    this.properties = properties;
    this.environment = environment;
  }

  Optional<String> get(ConfigKey key) {
    return properties.apply(key.key())
        .or(() -> Optional.ofNullable(environment.get(key.envName())))
        .map(String::strip)
        .filter(v -> !v.isEmpty());
  }

  Duration duration(ConfigKey key, Duration otherwise) {
    return get(key).map(v -> duration(key, v)).orElse(otherwise);
  }

  double positive(ConfigKey key, double otherwise) {
    return get(key).map(v -> positive(key, v)).orElse(otherwise);
  }

  int wholePositive(ConfigKey key, int otherwise) {
    return get(key).map(v -> asInt(key, wholePositive(key, v), v)).orElse(otherwise);
  }

  /** {@code true} or {@code false}, in any case. */
  Optional<Boolean> flag(ConfigKey key) {
    return get(key).map(v -> Boolean.parseBoolean(oneOf(key, v.toLowerCase(Locale.ROOT), "true", "false")));
  }

  /** An ISO 4217 code such as USD or EUR. */
  static String currency(ConfigKey key, String value) {
    String code = value.toUpperCase(Locale.ROOT);
    if (!Unit.isCurrency(code)) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") = '" + value + "' is not a currency code; write e.g. USD or EUR");
    }
    return code;
  }

  /**
   * A price: a bare number, or one with the configured currency's code ({@code 600} or
   * {@code 600USD}); {@code currency} null stands for the default.
   */
  static double price(ConfigKey key, String value, String configured) {
    String currency = configured == null ? Defaults.COST_CURRENCY : configured;
    Matcher m = Pattern.compile("\\s*([0-9.eE+-]+)\\s*([A-Za-z]{3})?\\s*").matcher(value);
    if (m.matches() && m.group(2) != null && !m.group(2).toUpperCase(Locale.ROOT).equals(currency)) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") = '" + value + "' is in " + m.group(2)
          + " but prices are in " + currency + " (" + ConfigKey.COST_CURRENCY.key() + "): convert it, or set the currency");
    }
    return positive(key, m.matches() ? m.group(1) : value);
  }

  /** A percentage with its sign: {@code 50%}. A bare 0.5 could be a fraction or half a percent. */
  static double percent(ConfigKey key, String value) {
    String number = value.strip();
    if (!number.endsWith("%")) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") = '" + value + "' needs its % sign, e.g. 50%");
    }
    return positive(key, number.substring(0, number.length() - 1).strip());
  }

  /** A quantity of {@code dimension} in its units ({@code 4.7GB}, {@code 90W}); a bare number is in the canonical unit. */
  static double measure(ConfigKey key, String value, Dimension dimension, String example) {
    try {
      double canonical = ConstraintParser.quantity(value, dimension, key.key() + " (" + key.envName() + ")", example).canonical();
      if (!(canonical > 0) || Double.isInfinite(canonical)) {
        throw new ConfigException(key.key() + " (" + key.envName() + ") must be above zero, was '" + value + "'");
      }
      return canonical;
    } catch (ConstraintException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  /** Bytes per second: {@code 0.9TB/s}, {@code 100GB/s}. */
  static double bandwidth(String value) {
    String bytes = value.strip();
    if (!bytes.endsWith("/s")) {
      throw new ConfigException(ConfigKey.MEMORY_BANDWIDTH.key() + " (" + ConfigKey.MEMORY_BANDWIDTH.envName() + ") = '" + value
          + "' is not a bandwidth; write bytes per second, e.g. 0.9TB/s or 100GB/s");
    }
    return measure(ConfigKey.MEMORY_BANDWIDTH, bytes.substring(0, bytes.length() - 2), Dimension.BYTES, "100GB/s");
  }

  static String oneOf(ConfigKey key, String value, String... choices) {
    for (String choice : choices) {
      if (choice.equals(value)) {
        return value;
      }
    }
    throw new ConfigException(
        key.key() + " (" + key.envName() + ") = '" + value + "' is not one of " + String.join(", ", choices));
  }

  static Duration duration(ConfigKey key, String value) {
    Matcher m = DURATION.matcher(value);
    Optional<Unit> unit = m.matches() ? Unit.bySymbol(m.group(2)) : Optional.empty();
    if (unit.isEmpty() || unit.get().dimension() != Dimension.TIME) {
      throw new ConfigException(
          key.key() + " (" + key.envName() + ") = '" + value + "' is not a duration; write e.g. 30s or 500ms");
    }
    double millis = unit.get().toCanonical(Double.parseDouble(m.group(1)));
    if (millis <= 0) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be above zero, was '" + value + "'");
    }
    return Duration.ofNanos(Math.round(millis * 1_000_000));
  }

  static double positive(ConfigKey key, String value) {
    double parsed;
    try {
      parsed = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") = '" + value + "' is not a number");
    }
    if (!(parsed > 0) || Double.isInfinite(parsed)) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be above zero, was '" + value + "'");
    }
    return parsed;
  }

  /** A confidence level: below 0.5 a "bound" would be a coin toss, and 1 cannot be reached. */
  static double level(ConfigKey key, String value) {
    double parsed = positive(key, value);
    if (parsed < 0.5 || parsed >= 1) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be at least 0.5 and below 1, was '" + value + "'");
    }
    return parsed;
  }

  static long wholePositive(ConfigKey key, String value) {
    double parsed = positive(key, value);
    if (parsed != Math.rint(parsed)) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be a whole number, was '" + value + "'");
    }
    return (long) parsed;
  }

  /** A count that may be zero. */
  static long whole(ConfigKey key, String value) {
    try {
      long parsed = Long.parseLong(value);
      if (parsed >= 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ConfigException(key.key() + " (" + key.envName() + ") must be a whole number, 0 or more, was '" + value + "'");
  }

  /** A count that may be zero and is held in an int: a larger one is refused rather than wrapped round. */
  static int wholeInt(ConfigKey key, String value) {
    return asInt(key, whole(key, value), value);
  }

  private static int asInt(ConfigKey key, long parsed, String value) {
    if (parsed > Integer.MAX_VALUE) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be at most " + Integer.MAX_VALUE + ", was '" + value + "'");
    }
    return (int) parsed;
  }
}
