package dev.llmh.constraint;

/**
 * How many requests a distribution-free bound on a quantile needs: with fewer, the order
 * statistic that would bound it does not exist, and a budget on it cannot be decided that way.
 */
public final class SampleSizes {
  private SampleSizes() {}

  /** Fewest samples for which an upper bound on the q-quantile exists at 1 − alpha: q^n ≤ alpha. */
  public static int forUpper(double q, double alpha) {
    return (int) Math.ceil(Math.log(alpha) / Math.log(q) - 1e-9);
  }

  /** Fewest samples for which a lower bound on the q-quantile exists at 1 − alpha: (1 − q)^n ≤ alpha. */
  public static int forLower(double q, double alpha) {
    return (int) Math.ceil(Math.log(alpha) / Math.log(1 - q) - 1e-9);
  }

  /**
   * How many planned looks an adaptive measurement of {@code requests} up to {@code maxRequests}
   * takes: at {@code requests}, twice that, four times… and {@code maxRequests}; 1 when {@code
   * maxRequests} is not above {@code requests} (a fixed count). Each look's bounds are taken at the
   * error allowed divided by this number.
   */
  public static int looks(int requests, int maxRequests) {
    int looks = 1;
    for (long n = requests; n < maxRequests; n *= 2) {
      looks++;
    }
    return looks;
  }

  /**
   * Requests a percentile budget needs before it can PASS at its last look, the error allowed
   * {@code 1 − level} shared over {@link #looks}: what the judge's message and the compile-time warning say.
   */
  public static int toPassWithin(ConstraintExpression constraint, int requests, int maxRequests, double level) {
    return toPass(constraint, (1 - level) / looks(requests, maxRequests));
  }

  /**
   * Requests a percentile budget needs before it can PASS at 1 − alpha (an upper bound for {@code
   * <}, a lower one for {@code >}); 0 for a budget that is not on a percentile.
   */
  public static int toPass(ConstraintExpression constraint, double alpha) {
    Stat stat = constraint.stat();
    if (stat == null || Double.isNaN(stat.percentile())) {
      return 0;
    }
    double q = stat.percentile() / 100;
    return constraint.upperBudget() ? forUpper(q, alpha) : forLower(q, alpha);
  }
}
