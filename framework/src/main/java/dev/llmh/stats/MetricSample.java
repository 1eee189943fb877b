package dev.llmh.stats;

import dev.llmh.constraint.Stat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * The values of one metric over a case, and the confidence bounds they support.
 *
 * <p>Per-request metrics (ttft, tpot, e2e...) have one value per request: independent draws, so a
 * percentile gets the distribution-free order-statistic bound ({@link OrderStatistics}) and the
 * mean a t-interval. Pooled metrics (itl: every gap of every request) are not independent — gaps of
 * one request share its slot, its batch, its neighbours — so their bounds come from a bootstrap that
 * resamples whole requests ({@link #BOOTSTRAP_RESAMPLES} resamples, seed {@link #BOOTSTRAP_SEED},
 * so a rerun on the same data gives the same interval), and only from {@link #BOOTSTRAP_MIN_REQUESTS}
 * requests up: the percentile bootstrap is badly calibrated on fewer.
 *
 * <p>{@code min} and {@code max} have no interval: they are judged on the observed sample.
 *
 * <p>Groups are one array per request: a single value for per-request metrics, the request's gaps
 * for pooled ones; non-finite values are dropped.
 */
public final class MetricSample {
  public static final int BOOTSTRAP_RESAMPLES = 1000;
  public static final long BOOTSTRAP_SEED = 20260401L;
  public static final int BOOTSTRAP_MIN_REQUESTS = 10;
  private static final Stat[] BOOTSTRAPPED = {Stat.P50, Stat.P90, Stat.P95, Stat.P99, Stat.MEAN};

  private final List<double[]> groups;
  private final boolean pooled;
  /** The sorted bootstrap estimates of each stat, computed once on first use. */
  private Map<Stat, double[]> bootstrap;

  public MetricSample(List<double[]> groups, boolean pooled) {
    this.groups = groups.stream()
        .map(g -> Arrays.stream(g).filter(Double::isFinite).toArray())
        .filter(g -> g.length > 0)
        .toList();
    this.pooled = pooled;
  }

  public List<double[]> groups() {
    return groups;
  }

  public boolean pooled() {
    return pooled;
  }

  /** One value per request. */
  public static MetricSample perRequest(List<Double> values) {
    List<double[]> groups = new ArrayList<>();
    values.forEach(v -> groups.add(new double[] {v == null ? Double.NaN : v}));
    return new MetricSample(groups, false);
  }

  /** Several values per request (inter-token gaps), resampled by request. */
  public static MetricSample pooled(List<double[]> perRequest) {
    return new MetricSample(perRequest, true);
  }

  public double[] values() {
    return groups.stream().flatMapToDouble(Arrays::stream).toArray();
  }

  public Summary summary() {
    return Summary.of(values());
  }

  /** The requests that contributed values. */
  public int requests() {
    return groups.size();
  }

  /**
   * Bounds on {@code stat}, each a one-sided bound at 1 − {@code alphaPerSide}: a two-sided
   * interval at level L is {@code alphaPerSide = (1 − L) / 2}. Null for min and max.
   */
  public Interval interval(Stat stat, double alphaPerSide) {
    if (stat == Stat.MIN || stat == Stat.MAX) {
      return null;
    }
    if (pooled) {
      return bootstrap(stat, alphaPerSide);
    }
    double[] sorted = values();
    Arrays.sort(sorted);
    return stat == Stat.MEAN ? meanInterval(sorted, alphaPerSide) : percentileInterval(sorted, quantile(stat), alphaPerSide);
  }

  public static double quantile(Stat stat) {
    return switch (stat) {
      case P50 -> 0.50;
      case P90 -> 0.90;
      case P95 -> 0.95;
      case P99 -> 0.99;
      default -> throw new IllegalArgumentException(stat + " is not a percentile");
    };
  }

  /** Order-statistic bounds on the q-quantile of a sorted sample. */
  public static Interval percentileInterval(double[] sorted, double q, double alphaPerSide) {
    int n = sorted.length;
    int l = OrderStatistics.lowerIndex(n, q, alphaPerSide);
    int u = OrderStatistics.upperIndex(n, q, alphaPerSide);
    return new Interval(l == 0 ? null : sorted[l - 1], u == 0 ? null : sorted[u - 1]);
  }

  /** mean ± t(1 − alpha, n − 1) · s / √n. */
  public static Interval meanInterval(double[] values, double alphaPerSide) {
    int n = values.length;
    if (n < 2) {
      return Interval.NONE;
    }
    double mean = Arrays.stream(values).average().orElseThrow();
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    double se = Math.sqrt(ss / (n - 1)) / Math.sqrt(n);
    double t = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - alphaPerSide);
    return new Interval(mean - t * se, mean + t * se);
  }

  private Interval bootstrap(Stat stat, double alphaPerSide) {
    if (groups.size() < BOOTSTRAP_MIN_REQUESTS) {
      return Interval.NONE;
    }
    Percentile ends = new Percentile().withEstimationType(EstimationType.R_7);
    ends.setData(bootstrapEstimates().get(stat));
    return new Interval(ends.evaluate(alphaPerSide * 100), ends.evaluate((1 - alphaPerSide) * 100));
  }

  private synchronized Map<Stat, double[]> bootstrapEstimates() {
    if (bootstrap != null) {
      return bootstrap;
    }
    int k = groups.size();
    SplittableRandom random = new SplittableRandom(BOOTSTRAP_SEED);
    Map<Stat, double[]> estimates = new EnumMap<>(Stat.class);
    for (Stat stat : BOOTSTRAPPED) {
      estimates.put(stat, new double[BOOTSTRAP_RESAMPLES]);
    }
    WeightedQuantiles pooledValues = new WeightedQuantiles(groups);
    double[] quantiles = {quantile(Stat.P50), quantile(Stat.P90), quantile(Stat.P95), quantile(Stat.P99)}; // BOOTSTRAPPED's order
    double[] resampled = new double[quantiles.length];
    int[] counts = new int[k];
    for (int b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
      Arrays.fill(counts, 0);
      int size = 0;
      double sum = 0;
      for (int i = 0; i < k; i++) {
        int pick = random.nextInt(k);
        double[] g = groups.get(pick);
        counts[pick]++;
        size += g.length;
        for (double v : g) {
          sum += v;
        }
      }
      pooledValues.evaluate(counts, size, quantiles, resampled);
      for (int q = 0; q < quantiles.length; q++) {
        estimates.get(BOOTSTRAPPED[q])[b] = resampled[q];
      }
      estimates.get(Stat.MEAN)[b] = sum / size;
    }
    estimates.values().forEach(Arrays::sort);
    bootstrap = estimates;
    return bootstrap;
  }
}
