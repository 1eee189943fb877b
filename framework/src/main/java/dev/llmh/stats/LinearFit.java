package dev.llmh.stats;

import java.util.Arrays;
import java.util.Optional;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * A least-squares line {@code y = intercept + slope × x} through per-request points, with a 95%
 * interval on the slope. The slope of TTFT against prompt tokens is the prefill rate,
 * the slope of TPOT against context tokens is how decode slows as the KV cache grows.
 *
 * @param n          points fitted
 * @param slope      change of y per unit of x
 * @param intercept  y at x = 0
 * @param r2         coefficient of determination; low means the relation is not a line
 * @param slopeLow   lower end of the slope's 95% interval
 * @param slopeHigh  upper end of the slope's 95% interval
 */
public record LinearFit(int n, double slope, double intercept, double r2, double slopeLow, double slopeHigh) {

  /** Below this R² a line does not describe the points (queueing, a cache), so no rate is reported. */
  public static final double LINEAR_R2 = 0.9;

  /**
   * Fits the points, or empty when there are fewer than three or fewer than two distinct x values
   * (no line, or no interval, can be fitted).
   */
  public static Optional<LinearFit> of(double[] x, double[] y) {
    if (x.length != y.length) {
      throw new IllegalArgumentException("x and y differ in length: " + x.length + " and " + y.length);
    }
    if (x.length < 3 || Arrays.stream(x).distinct().count() < 2) {
      return Optional.empty();
    }
    SimpleRegression regression = new SimpleRegression();
    for (int i = 0; i < x.length; i++) {
      regression.addData(x[i], y[i]);
    }
    double halfWidth = regression.getSlopeConfidenceInterval(0.05);
    double slope = regression.getSlope();
    double r2 = regression.getRSquare();
    return Optional.of(new LinearFit(
        x.length, slope, regression.getIntercept(), Double.isNaN(r2) ? 0 : r2,
        slope - halfWidth, slope + halfWidth));
  }

  /** Whether the points lie close enough to a line for its slope to be read as a rate. */
  public boolean linear() {
    return r2 >= LINEAR_R2;
  }
}
