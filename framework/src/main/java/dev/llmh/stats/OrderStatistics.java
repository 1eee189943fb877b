package dev.llmh.stats;

import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * Distribution-free confidence bounds for a quantile from order statistics. With X(1) ≤ … ≤ X(n)
 * the sorted sample and ξ the true q-quantile of a continuous distribution, the number of values
 * below ξ is Binomial(n, q); so P(X(u) < ξ) = P(Bin ≥ u) and P(X(l) > ξ) = P(Bin ≤ l − 1), whatever
 * the distribution. Indices are 1-based; 0 means the sample is too small to bound that end.
 */
public final class OrderStatistics {
  private OrderStatistics() {}

  /** Smallest u with P(Bin(n, q) ≥ u) ≤ alpha: X(u) is an upper bound at 1 − alpha; else 0. */
  public static int upperIndex(int n, double q, double alpha) {
    if (n <= 0) {
      return 0;
    }
    BinomialDistribution bin = new BinomialDistribution(null, n, q);
    for (int u = 1; u <= n; u++) {
      if (1 - bin.cumulativeProbability(u - 1) <= alpha) {
        return u;
      }
    }
    return 0;
  }

  /** Largest l with P(Bin(n, q) ≤ l − 1) ≤ alpha: X(l) is a lower bound at 1 − alpha; else 0. */
  public static int lowerIndex(int n, double q, double alpha) {
    if (n <= 0) {
      return 0;
    }
    BinomialDistribution bin = new BinomialDistribution(null, n, q);
    int found = 0;
    for (int l = 1; l <= n; l++) {
      if (bin.cumulativeProbability(l - 1) <= alpha) {
        found = l;
      } else {
        break;
      }
    }
    return found;
  }
}
