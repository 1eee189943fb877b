package dev.llmh.constraint;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** A number with its unit, as written in a budget. */
public record Quantity(double value, Unit unit) {

  /** The value in the dimension's canonical unit (ms, %, per second, count). */
  public double canonical() {
    return unit.toCanonical(value);
  }

  /** A canonical value written in {@code unit}, e.g. {@code 2310.0} in seconds as {@code "2.31 s"}. */
  public static String format(double canonical, Unit unit) {
    String number = formatBare(canonical, unit);
    return unit.symbol().isEmpty() ? number : number + " " + unit.symbol();
  }

  /** The number alone, in {@code unit}: how an interval's ends are written next to a value. */
  public static String formatBare(double canonical, Unit unit) {
    double value = unit.fromCanonical(canonical);
    // a KL divergence of a near-identical model is far below 0.001 nats, and not zero
    if (unit == Unit.NATS && value != 0 && Math.abs(value) < 0.001) {
      return String.format(java.util.Locale.ROOT, "%.2e", value);
    }
    return formatNumber(value);
  }

  @Override
  public String toString() {
    return format(canonical(), unit);
  }

  /** Three significant figures at most, no trailing zeros: 612, 2.31, 0.05, 12.5. */
  static String formatNumber(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return String.valueOf(value);
    }
    double magnitude = Math.abs(value);
    int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
    BigDecimal rounded = BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP);
    String text = rounded.stripTrailingZeros().toPlainString();
    return text.equals("-0") ? "0" : text;
  }
}
