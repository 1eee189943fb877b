package dev.llmh.stats;

import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * A binomial proportion, {@code x} of {@code n}, with Clopper–Pearson bounds: exact (the binomial's
 * own tails, through the beta quantiles that invert them), so each one-sided bound is wrong at most
 * as often as asked even for a handful of requests or a proportion of 0 or 1, where normal
 * approximations break down.
 */
public record Proportion(int x, int n) {

  public Proportion {
    if (n < 0 || x < 0 || x > n) {
      throw new IllegalArgumentException(x + " of " + n + " is not a proportion");
    }
  }

  /** x / n, NaN when nothing was counted. */
  public double value() {
    return n == 0 ? Double.NaN : (double) x / n;
  }

  /**
   * The one-sided bounds, each wrong with probability at most {@code alphaPerSide}: together a
   * two-sided interval at 1 − 2·alphaPerSide. Null ends when nothing was counted.
   */
  public Interval bounds(double alphaPerSide) {
    if (n == 0) {
      return Interval.NONE;
    }
    double lower = x == 0 ? 0 : new BetaDistribution(null, x, n - x + 1).inverseCumulativeProbability(alphaPerSide);
    double upper = x == n ? 1 : new BetaDistribution(null, x + 1, n - x).inverseCumulativeProbability(1 - alphaPerSide);
    return new Interval(lower, upper);
  }
}
