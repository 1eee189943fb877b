package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.llmh.constraint.Stat;
import dev.llmh.stats.Interval;
import dev.llmh.stats.MetricSample;
import dev.llmh.stats.Summary;
import java.util.List;

/**
 * A {@link Summary} as recorded: null where the sample could not define a value.
 *
 * @param ci two-sided confidence intervals at the run's level; absent when not computed
 */
public record MetricSummary(
    int n, Double mean, Double stddev, Double min, Double p50, Double p90, Double p95, Double p99, Double max,
    @JsonInclude(JsonInclude.Include.NON_NULL) ConfidenceIntervals ci) {
  /**
   * Two-sided intervals at {@code level}, each {@code [lo, hi]} with null for an end the sample
   * cannot bound (a 95% interval for p95 needs 72 values, for p99 368).
   */
  public record ConfidenceIntervals(
      double level, List<Double> p50, List<Double> p90, List<Double> p95, List<Double> p99, List<Double> mean) {

    public static ConfidenceIntervals of(MetricSample sample, double level) {
      double alpha = (1 - level) / 2;
      return new ConfidenceIntervals(
          level, end(sample, Stat.P50, alpha), end(sample, Stat.P90, alpha), end(sample, Stat.P95, alpha),
          end(sample, Stat.P99, alpha), end(sample, Stat.MEAN, alpha));
    }

    private static List<Double> end(MetricSample sample, Stat stat, double alpha) {
      Interval interval = sample.interval(stat, alpha);
      return new Interval(
          interval.lower() == null ? null : finite(interval.lower()),
          interval.upper() == null ? null : finite(interval.upper())).asList();
    }
  }

  public static MetricSummary of(Summary s) {
    return of(s, null);
  }

  /** The sample's statistics with its intervals at {@code level}. */
  public static MetricSummary of(MetricSample sample, double level) {
    return of(sample.summary(), ConfidenceIntervals.of(sample, level));
  }

  private static MetricSummary of(Summary s, ConfidenceIntervals ci) {
    return new MetricSummary(
        s.n(), finite(s.mean()), finite(s.stddev()), finite(s.order().min()), finite(s.order().p50()), finite(s.order().p90()),
        finite(s.order().p95()), finite(s.order().p99()), finite(s.order().max()), ci);
  }

  /** NaN and infinities are not JSON: they become null. */
  public static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }
}
