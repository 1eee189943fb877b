package dev.llmh.result;

import dev.llmh.stats.Summary;

/** A {@link Summary} as recorded: null where the sample could not define a value. */
public record MetricSummary(
    int n, Double mean, Double stddev, Double min, Double p50, Double p90, Double p95, Double p99, Double max) {

  public static MetricSummary of(Summary s) {
    return new MetricSummary(
        s.n(), finite(s.mean()), finite(s.stddev()), finite(s.min()), finite(s.p50()), finite(s.p90()),
        finite(s.p95()), finite(s.p99()), finite(s.max()));
  }

  /** NaN and infinities are not JSON: they become null. */
  public static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }
}
