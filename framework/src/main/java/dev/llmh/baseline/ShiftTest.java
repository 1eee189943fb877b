package dev.llmh.baseline;

import java.util.Arrays;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * Compares two independent samples of one latency metric: Mann–Whitney U for "did it move at all",
 * and a confidence interval for how far the median moved, in relative terms.
 *
 * <p>The interval is the Hodges–Lehmann estimate with its distribution-free (Moses) interval,
 * computed on log-latencies: the pairwise differences {@code log(current_j) − log(baseline_i)} are
 * sorted, their median is the shift estimate, and the {@code C}-th smallest and largest are the
 * interval ends, where {@code C} comes from the null distribution of U (exact below 50 per side
 * without ties, the normal approximation otherwise). On the log scale a slowdown by a factor is a
 * shift, so {@code exp(shift) − 1} is the relative change of the median under that model. Being the
 * inversion of the same rank test, the interval excludes 0 exactly when the test rejects (up to
 * discreteness), so p-value and interval do not contradict each other.
 */
public final class ShiftTest {
  /** Two-sided level of the interval; the p-value threshold is the same 5%. */
  public static final double ALPHA = 0.05;
  private static final int EXACT_LIMIT = 50;

  private ShiftTest() {}

  /**
   * @param pValue two-sided Mann–Whitney p (exact when both samples are under 50 and have no ties,
   *     else normal with tie and continuity correction)
   * @param change relative change of the median, current over baseline, e.g. 0.2 for 20% slower
   * @param lower interval end, or NaN when the samples are too small to bound it at 95%
   * @param upper interval end, or NaN likewise
   */
  public record Result(int baselineN, int currentN, double u, double pValue, boolean ties, double change, double lower, double upper) {
    public boolean bounded() {
      return !Double.isNaN(lower) && !Double.isNaN(upper);
    }
  }

  public static Result compare(double[] baseline, double[] current) {
    double[] x = positive(baseline);
    double[] y = positive(current);
    int m = x.length;
    int n = y.length;
    if (m == 0 || n == 0) {
      return new Result(m, n, Double.NaN, Double.NaN, false, Double.NaN, Double.NaN, Double.NaN);
    }
    // Statistic of the current sample: large U means current tends to be larger (slower).
    MannWhitneyUTest.Result test = MannWhitneyUTest.withDefaults().test(y, x);
    double[] differences = new double[m * n];
    int k = 0;
    for (double b : x) {
      for (double c : y) {
        differences[k++] = Math.log(c) - Math.log(b);
      }
    }
    Arrays.sort(differences);
    double shift = median(differences);
    int c = criticalCount(m, n, test.hasTiedValues());
    double lower = c >= 1 ? Math.expm1(differences[c - 1]) : Double.NaN;
    double upper = c >= 1 ? Math.expm1(differences[m * n - c]) : Double.NaN;
    return new Result(m, n, test.getStatistic(), test.getPValue(), test.hasTiedValues(), Math.expm1(shift), lower, upper);
  }

  /**
   * The largest {@code C} with {@code P(U ≤ C − 1) ≤ α/2}: the interval between the C-th smallest and
   * C-th largest pairwise difference then covers the true shift with probability ≥ 1 − α. Zero when no
   * such C exists (too few samples).
   */
  static int criticalCount(int m, int n, boolean ties) {
    if (m < EXACT_LIMIT && n < EXACT_LIMIT && !ties) {
      double[] cdf = exactCdf(m, n);
      int c = 0;
      while (c < cdf.length && cdf[c] <= ALPHA / 2) {
        c++;
      }
      return c;
    }
    double z = 1.959963984540054;
    double mean = m * (double) n / 2;
    double sd = Math.sqrt(m * (double) n * (m + n + 1) / 12.0);
    return (int) Math.max(0, Math.floor(mean - z * sd));
  }

  /** P(U ≤ u) for u = 0..mn under the null hypothesis, without ties, by counting rank arrangements. */
  static double[] exactCdf(int m, int n) {
    // current[j][u]: orderings of i x's and j y's with u pairs x > y, rolled over i. The largest
    // value is either an x (beating all j y's) or a y (beating none).
    double[][] previous = new double[n + 1][];
    for (int j = 0; j <= n; j++) {
      previous[j] = new double[] {1}; // i = 0: a single arrangement with U = 0
    }
    for (int i = 1; i <= m; i++) {
      double[][] current = new double[n + 1][];
      current[0] = new double[] {1};
      for (int j = 1; j <= n; j++) {
        double[] counts = new double[i * j + 1];
        // Largest value is an x: it beats all j y's, so U (count of x > y pairs) gains j.
        double[] withX = previous[j];
        for (int u = 0; u < withX.length; u++) {
          counts[u + j] += withX[u];
        }
        double[] withY = current[j - 1];
        for (int u = 0; u < withY.length; u++) {
          counts[u] += withY[u];
        }
        current[j] = counts;
      }
      previous = current;
    }
    double[] counts = previous[n];
    double total = Arrays.stream(counts).sum();
    double[] cdf = new double[counts.length];
    double running = 0;
    for (int u = 0; u < counts.length; u++) {
      running += counts[u];
      cdf[u] = running / total;
    }
    return cdf;
  }

  private static double[] positive(double[] values) {
    // A latency of zero or less is not a measurement (and has no logarithm).
    return Arrays.stream(values).filter(v -> v > 0 && Double.isFinite(v)).toArray();
  }

  private static double median(double[] sorted) {
    int size = sorted.length;
    return size % 2 == 1 ? sorted[size / 2] : (sorted[size / 2 - 1] + sorted[size / 2]) / 2;
  }
}
