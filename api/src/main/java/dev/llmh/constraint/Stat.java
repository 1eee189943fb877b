package dev.llmh.constraint;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The statistic of a distribution metric that a constraint judges. */
public enum Stat {
  P50,
  P90,
  P95,
  P99,
  MEAN,
  MIN,
  MAX;

  /** As written in a constraint: {@code p95}, {@code mean}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The percentile (0–100) for p-statistics, NaN otherwise. */
  public double percentile() {
    return name().startsWith("P") ? Integer.parseInt(name().substring(1)) : Double.NaN;
  }

  public static Optional<Stat> byKey(String key) {
    return Arrays.stream(values()).filter(s -> s.key().equals(key)).findFirst();
  }

  public static String allKeys() {
    return Arrays.stream(values()).map(Stat::key).collect(Collectors.joining(", "));
  }
}
