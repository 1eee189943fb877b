package dev.llmh.constraint;

import java.util.Optional;

/**
 * Units a budget may be written in. Each converts to its dimension's canonical unit: milliseconds
 * for times, percent for ratios, per second for rates, bytes, joules, watts, and the bare number
 * for counts. Bytes come in powers of two ({@code KiB MiB GiB TiB}) and of ten ({@code KB MB GB TB}),
 * as memory and disks are sold. Money is {@link #CURRENCY}: written with an ISO 4217 code
 * ({@code 0.50USD}), which must be the configured one.
 */
public enum Unit {
  NANOSECONDS("ns", Dimension.TIME, 1e-6), MICROSECONDS("us", Dimension.TIME, 1e-3),
  MILLISECONDS("ms", Dimension.TIME, 1), SECONDS("s", Dimension.TIME, 1000), MINUTES("min", Dimension.TIME, 60_000),
  PERCENT("%", Dimension.RATIO, 1),
  TOKENS_PER_SECOND("tok/s", Dimension.TOKEN_RATE, 1), REQUESTS_PER_SECOND("req/s", Dimension.REQUEST_RATE, 1),
  BYTES("B", Dimension.BYTES, 1),
  KIBIBYTES("KiB", Dimension.BYTES, 1024.0), MEBIBYTES("MiB", Dimension.BYTES, 1024.0 * 1024),
  GIBIBYTES("GiB", Dimension.BYTES, 1024.0 * 1024 * 1024), TEBIBYTES("TiB", Dimension.BYTES, 1024.0 * 1024 * 1024 * 1024),
  KILOBYTES("KB", Dimension.BYTES, 1e3), MEGABYTES("MB", Dimension.BYTES, 1e6),
  GIGABYTES("GB", Dimension.BYTES, 1e9), TERABYTES("TB", Dimension.BYTES, 1e12),
  MILLIJOULES("mJ", Dimension.ENERGY, 1e-3), JOULES("J", Dimension.ENERGY, 1), KILOJOULES("kJ", Dimension.ENERGY, 1e3),
  WATT_HOURS("Wh", Dimension.ENERGY, 3600),
  WATTS("W", Dimension.POWER, 1), KILOWATTS("kW", Dimension.POWER, 1e3),
  /** A sum of money in the configured currency; the code it was written with is the constraint's. */
  CURRENCY("", Dimension.MONEY, 1),
  COUNT("", Dimension.COUNT, 1),
  SCORE("", Dimension.SCORE, 1),
  /** Information in natural units; a bare number in a budget on information is in nats too. */
  NATS("nats", Dimension.INFORMATION, 1);

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
      if (!unit.symbol.isEmpty() && unit.symbol.equals(symbol)) {
        return Optional.of(unit);
      }
    }
    return Optional.empty();
  }

  /** True for an ISO 4217 currency code such as {@code USD}: how a sum of money is written. */
  public static boolean isCurrency(String code) {
    if (code == null || !code.matches("[A-Z]{3}")) {
      return false;
    }
    try {
      java.util.Currency.getInstance(code);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
