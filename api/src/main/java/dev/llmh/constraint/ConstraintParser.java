package dev.llmh.constraint;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code metric[.stat] [regression] op quantity}, e.g. {@code tpot.p50 < 150ms},
 * {@code error_rate < 1%}, {@code ttft.p50 regression < 10%}. Units are mandatory except for counts.
 * Shared by the annotation processor (compile-time errors) and the engine.
 */
public final class ConstraintParser {

  private static final Pattern SHAPE =
      Pattern.compile(
          "\\s*(?<subject>[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)?)"
              + "(?<regression>\\s+regression)?"
              + "\\s*(?<op><=|>=|<|>|==|=|!=)?"
              + "\\s*(?<rest>.*?)\\s*");
  private static final Pattern QUANTITY =
      Pattern.compile("(?<number>[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?)\\s*(?<unit>\\S*)");

  private ConstraintParser() {}

  public static ConstraintExpression parse(String text) {
    if (text == null || text.isBlank()) {
      throw new ConstraintException("empty constraint; write e.g. \"ttft.p95 < 2s\"");
    }
    Matcher m = SHAPE.matcher(text);
    if (!m.matches()) {
      throw new ConstraintException(
          "cannot read constraint \"" + text + "\"; the form is metric[.stat] [regression] op quantity, "
              + "e.g. \"tpot.p50 < 150ms\"");
    }
    String[] subject = m.group("subject").split("\\.", 2);
    Metric metric = metric(subject[0], text);
    Stat stat = subject.length == 2 ? stat(subject[1], text) : null;
    boolean regression = m.group("regression") != null;
    if (!regression && stat == null && metric.isDistribution()) {
      throw new ConstraintException(
          "'" + metric.key() + "' is a distribution and needs a statistic in \"" + text + "\"; write e.g. "
              + metric.key() + ".p95 (statistics: " + Stat.allKeys() + ")");
    }
    if (stat != null && !metric.isDistribution()) {
      throw new ConstraintException(
          "'" + metric.key() + "' is a single figure per case and takes no statistic in \"" + text
              + "\"; write '" + metric.key() + "' alone");
    }
    Comparison comparison = comparison(m.group("op"), text);
    if (comparison == Comparison.EQUAL && (metric.dimension() != Dimension.COUNT || metric.isDistribution() || regression)) {
      throw new ConstraintException("'==' is for a count judged on its figure, e.g. \"server_preemptions == 0\"; '"
          + metric.key() + "' in \"" + text + "\" takes <, <=, > or >=");
    }
    Dimension expected = regression ? Dimension.RATIO : metric.dimension();
    Quantity budget = quantity(m.group("rest"), expected, metric, regression, text);
    String currency = expected == Dimension.MONEY ? currency(m.group("rest"), text) : null;
    return new ConstraintExpression(text.strip(), metric, stat, regression, comparison, budget, currency);
  }

  /**
   * A duration as a target outside a constraint ({@code @Slo(ttft = "2s")}), read by the same rules
   * as a budget: a number with one of {@code ns us ms s min}.
   *
   * @param what how the value is named in a message, e.g. {@code @Slo(ttft = "2x")}
   */
  public static Quantity duration(String text, String what) {
    Quantity quantity = quantity(text, Dimension.TIME, what, "2s");
    if (!(quantity.value() > 0) || Double.isInfinite(quantity.value())) {
      throw new ConstraintException(what + " must be a positive time: no request takes less than nothing");
    }
    return quantity;
  }

  /**
   * A quantity of {@code dimension} outside a constraint (a configured {@code 4.7GB}, {@code 90W}),
   * read by the same rules as a budget; a bare number is in the dimension's canonical unit.
   *
   * @param what how the value is named in a message, e.g. {@code llmh.model.bytes (LLMH_MODEL_BYTES)}
   */
  public static Quantity quantity(String text, Dimension dimension, String what, String example) {
    Matcher q = QUANTITY.matcher(text == null ? "" : text.strip());
    if (!q.matches()) {
      throw new ConstraintException(
          "cannot read " + what + " = '" + text + "'; write a number with a unit (" + dimension.units() + "), e.g. " + example);
    }
    String symbol = q.group("unit");
    double value = Double.parseDouble(q.group("number"));
    if (symbol.isEmpty() && dimension != Dimension.TIME) {
      return new Quantity(value, canonicalUnit(dimension));
    }
    Unit unit = Unit.bySymbol(symbol).filter(u -> u.dimension() == dimension).orElseThrow(() ->
        new ConstraintException(what + (symbol.isEmpty() ? " has no unit" : " has unit '" + symbol + "', not " + dimension.description())
            + "; use " + dimension.units() + ", e.g. " + example(dimension, q.group("number"))));
    return new Quantity(value, unit);
  }

  private static Unit canonicalUnit(Dimension dimension) {
    return java.util.Arrays.stream(Unit.values()).filter(u -> u.dimension() == dimension && u.toCanonical(1) == 1)
        .findFirst().orElseThrow();
  }

  private static Metric metric(String key, String text) {
    return Metric.byKey(key.toLowerCase(Locale.ROOT))
        .orElseThrow(() -> unknown("metric", key, text, "Known metrics", Metric.allKeys()));
  }

  private static Stat stat(String key, String text) {
    return Stat.byKey(key.toLowerCase(Locale.ROOT))
        .orElseThrow(() -> unknown("statistic", key, text, "Statistics", Stat.allKeys()));
  }

  /** An unknown metric or statistic name, with the nearest known one and the whole list. */
  private static ConstraintException unknown(String what, String key, String text, String listName, String allKeys) {
    List<String> candidates = Arrays.asList(allKeys.split(", "));
    return new ConstraintException("unknown " + what + " '" + key + "' in \"" + text + "\""
        + didYouMean(key, candidates) + " " + listName + ": " + allKeys);
  }

  private static Comparison comparison(String op, String text) {
    if (op == null) {
      throw new ConstraintException(
          "missing comparison in \"" + text + "\"; expected one of <, <=, >, >=");
    }
    return switch (op) {
      case "<" -> Comparison.LESS;
      case "<=" -> Comparison.LESS_OR_EQUAL;
      case ">" -> Comparison.GREATER;
      case ">=" -> Comparison.GREATER_OR_EQUAL;
      case "==" -> Comparison.EQUAL;
      default ->
          throw new ConstraintException(
              "comparison '" + op + "' is not supported in \"" + text + "\"; use one of <, <=, >, >= (or == for a count"
                  + " judged on its figure, e.g. server_preemptions == 0)");
    };
  }

  private static Quantity quantity(
      String rest, Dimension expected, Metric metric, boolean regression, String text) {
    if (rest.isEmpty()) {
      throw new ConstraintException("missing budget after the comparison in \"" + text + "\"");
    }
    Matcher q = QUANTITY.matcher(rest);
    if (!q.matches()) {
      throw new ConstraintException(
          "cannot read the budget '" + rest + "' in \"" + text + "\"; write a number with a unit, e.g. 150ms");
    }
    double value = Double.parseDouble(q.group("number"));
    String symbol = q.group("unit");
    String what = regression ? "a regression (relative change)" : "'" + metric.key() + "' (" + expected.description() + ")";
    if (symbol.isEmpty()) {
      if (expected == Dimension.COUNT) {
        // a series' mean of counts may fall between them (server_requests_waiting.mean < 0.5)
        if (value != Math.rint(value) && metric.shape() != Metric.Shape.SERIES) {
          throw new ConstraintException("a count must be a whole number in \"" + text + "\"");
        }
        return new Quantity(value, Unit.COUNT);
      }
      if (expected == Dimension.SCORE) {
        return new Quantity(value, Unit.SCORE);
      }
      if (expected == Dimension.INFORMATION) {
        return new Quantity(value, Unit.NATS); // a KL divergence is written as a bare number as often as in nats
      }
      throw new ConstraintException(
          "the budget '" + rest + "' has no unit in \"" + text + "\"; " + what + " takes " + expected.units()
              + ", e.g. " + example(expected, q.group("number")));
    }
    if (expected == Dimension.MONEY) {
      if (!Unit.isCurrency(symbol.toUpperCase(Locale.ROOT))) {
        throw new ConstraintException("'" + symbol + "' is not a currency code in \"" + text + "\"; " + what
            + " takes " + expected.units() + ", e.g. " + example(expected, q.group("number")));
      }
      return new Quantity(value, Unit.CURRENCY);
    }
    Unit unit =
        Unit.bySymbol(symbol)
            .orElseThrow(
                () ->
                    new ConstraintException(
                        "unknown unit '" + symbol + "' in \"" + text + "\"; " + what + " takes " + expected.units()));
    if (unit.dimension() != expected) {
      throw new ConstraintException(
          "unit '" + symbol + "' does not fit " + what + " in \"" + text + "\"; use " + expected.units());
    }
    return new Quantity(value, unit);
  }

  /** The code a money budget is written in: {@code USD} for {@code 0.50USD}. */
  private static String currency(String rest, String text) {
    Matcher q = QUANTITY.matcher(rest);
    if (!q.matches()) {
      throw new ConstraintException("cannot read the budget '" + rest + "' in \"" + text + "\"");
    }
    return q.group("unit").toUpperCase(Locale.ROOT);
  }

  private static String example(Dimension dimension, String number) {
    return switch (dimension) {
      case TIME -> number + "ms";
      case RATIO -> number + "%";
      case TOKEN_RATE -> number + " tok/s";
      case REQUEST_RATE -> number + " req/s";
      case BYTES -> number + "GiB";
      case ENERGY -> number + "J";
      case POWER -> number + "W";
      case MONEY -> number + "USD";
      case COUNT, SCORE, INFORMATION -> number;
    };
  }

  /** "; did you mean 'ttft'?" when a known name is within two edits, else ";". */
  private static String didYouMean(String key, List<String> candidates) {
    String lower = key.toLowerCase(Locale.ROOT);
    return candidates.stream()
        .min(Comparator.comparingInt(c -> editDistance(lower, c)))
        .filter(best -> editDistance(lower, best) <= 2)
        .map(best -> "; did you mean '" + best + "'?")
        .orElse(";");
  }

  static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
