package dev.llmh.constraint;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The statistic of a distribution metric that a constraint judges. */
public enum Stat {
  P50("p50", 50),
  P90("p90", 90),
  P95("p95", 95),
  P99("p99", 99),
  MEAN("mean", Double.NaN),
  MIN("min", Double.NaN),
  MAX("max", Double.NaN);

  private final String key;
  private final double percentile;

  Stat(String key, double percentile) {
    this.key = key;
    this.percentile = percentile;
  }

  public String key() {
    return key;
  }

  /** The percentile (0–100) for p-statistics, NaN otherwise. */
  public double percentile() {
    return percentile;
  }

  public static Optional<Stat> byKey(String key) {
    return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst();
  }

  public static String allKeys() {
    return Arrays.stream(values()).map(Stat::key).collect(Collectors.joining(", "));
  }
}
