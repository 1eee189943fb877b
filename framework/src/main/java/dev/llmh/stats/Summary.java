package dev.llmh.stats;

import dev.llmh.constraint.Stat;
import java.util.Arrays;
import java.util.Collection;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * Descriptive statistics of one metric over a case's requests. Percentiles use the linear method
 * (Hyndman–Fan type 7, numpy's default), stated in every results file. Empty samples give n = 0 and
 * NaN elsewhere, which the results file writes as null.
 *
 * @param order the order statistics
 */
public record Summary(int n, double mean, double stddev, Order order) {

  /** The sample's order statistics: its least and greatest values and the percentiles between. */
  public record Order(double min, double p50, double p90, double p95, double p99, double max) {}

  public static final String PERCENTILE_METHOD = "linear interpolation (Hyndman-Fan type 7, numpy default)";

  public static Summary of(Collection<Double> values) {
    return of(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  public static Summary of(double[] values) {
    double[] finite = Arrays.stream(values).filter(Double::isFinite).toArray();
    if (finite.length == 0) {
      double nan = Double.NaN;
      return new Summary(0, nan, nan, new Order(nan, nan, nan, nan, nan, nan));
    }
    Arrays.sort(finite);
    Percentile percentile = new Percentile().withEstimationType(EstimationType.R_7);
    percentile.setData(finite);
    double stddev = finite.length > 1 ? new StandardDeviation(true).evaluate(finite) : Double.NaN;
    return new Summary(finite.length, Arrays.stream(finite).average().orElseThrow(), stddev, new Order(
        finite[0], percentile.evaluate(50), percentile.evaluate(90), percentile.evaluate(95), percentile.evaluate(99),
        finite[finite.length - 1]));
  }

  public double get(Stat stat) {
    return switch (stat) {
      case P50 -> order.p50();
      case P90 -> order.p90();
      case P95 -> order.p95();
      case P99 -> order.p99();
      case MEAN -> mean;
      case MIN -> order.min();
      case MAX -> order.max();
    };
  }
}
