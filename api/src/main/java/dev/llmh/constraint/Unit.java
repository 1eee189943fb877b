package dev.llmh.constraint;

import java.util.Optional;

/**
 * Units a budget may be written in. Each converts to its dimension's canonical unit: milliseconds
 * for times, percent for ratios, per second for rates, and the bare number for counts.
 */
public enum Unit {
  NANOSECONDS("ns", Dimension.TIME, 1e-6),
  MICROSECONDS("us", Dimension.TIME, 1e-3),
  MILLISECONDS("ms", Dimension.TIME, 1),
  SECONDS("s", Dimension.TIME, 1000),
  MINUTES("min", Dimension.TIME, 60_000),
  PERCENT("%", Dimension.RATIO, 1),
  TOKENS_PER_SECOND("tok/s", Dimension.TOKEN_RATE, 1),
  REQUESTS_PER_SECOND("req/s", Dimension.REQUEST_RATE, 1),
  COUNT("", Dimension.COUNT, 1);

  private final String symbol;
  private final Dimension dimension;
  private final double toCanonical;

  Unit(String symbol, Dimension dimension, double toCanonical) {
    this.symbol = symbol;
    this.dimension = dimension;
    this.toCanonical = toCanonical;
  }

  public String symbol() {
    return symbol;
  }

  public Dimension dimension() {
    return dimension;
  }

  public double toCanonical(double value) {
    return value * toCanonical;
  }

  public double fromCanonical(double canonical) {
    return canonical / toCanonical;
  }

  /** The unit written as {@code symbol}, e.g. {@code "ms"}; the bare count has no symbol. */
  public static Optional<Unit> bySymbol(String symbol) {
    for (Unit unit : values()) {
      if (unit != COUNT && unit.symbol.equals(symbol)) {
        return Optional.of(unit);
      }
    }
    return Optional.empty();
  }
}
