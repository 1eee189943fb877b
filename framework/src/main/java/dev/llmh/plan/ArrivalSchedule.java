package dev.llmh.plan;

import dev.llmh.annotations.Arrivals;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * When each request of an open loop is to be sent, drawn in advance from a seeded generator: the
 * same arrivals, rate, shape and seed give the same schedule on any machine, so two runs (or two
 * servers) meet the same traffic.
 */
public final class ArrivalSchedule {
  private final long[] offsetsNanos;

  private ArrivalSchedule(long[] offsetsNanos) {
    this.offsetsNanos = offsetsNanos;
  }

  /**
   * {@code count} arrivals, the first at 0: gaps of mean 1 / {@code perSecond}, exponential for
   * Poisson, equal for constant, gamma of shape {@code burstiness} for gamma (vLLM's definition).
   */
  public static ArrivalSchedule of(Arrivals arrivals, double perSecond, double burstiness, long seed, int count) {
    Gaps gaps = new Gaps(arrivals, perSecond, burstiness, seed);
    long[] offsets = new long[Math.max(0, count)];
    double at = 0;
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = Math.round(at);
      at += gaps.next();
    }
    return new ArrivalSchedule(offsets);
  }

  /** Every arrival before {@code window} has passed, the first at 0: the same draws as {@link #of}, cut by time. */
  public static ArrivalSchedule within(Arrivals arrivals, double perSecond, double burstiness, long seed, Duration window) {
    Gaps gaps = new Gaps(arrivals, perSecond, burstiness, seed);
    long end = window.toNanos();
    long[] offsets = new long[16];
    int n = 0;
    for (double at = 0; at < end; at += gaps.next()) {
      if (n == offsets.length) {
        offsets = Arrays.copyOf(offsets, n * 2);
      }
      offsets[n++] = Math.round(at);
    }
    return new ArrivalSchedule(Arrays.copyOf(offsets, n));
  }

  public int size() {
    return offsetsNanos.length;
  }

  /** Arrival {@code i}'s time after the first, in ns. */
  public long offsetNanos(int i) {
    return offsetsNanos[i];
  }

  /** The gaps between consecutive arrivals, in ns: {@code size() − 1} of them. */
  public double[] gapsNanos() {
    double[] gaps = new double[Math.max(0, offsetsNanos.length - 1)];
    for (int i = 0; i < gaps.length; i++) {
      gaps[i] = offsetsNanos[i + 1] - offsetsNanos[i];
    }
    return gaps;
  }

  /** Draws gaps in ns. Marsaglia and Tsang's method for gamma shapes, boosted below shape 1. */
  private static final class Gaps {
    private final Arrivals arrivals;
    private final double meanNanos;
    private final double shape;
    private final SplittableRandom random;

    Gaps(Arrivals arrivals, double perSecond, double burstiness, long seed) {
      if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
        throw new IllegalArgumentException("rate must be above zero, was " + perSecond + "/s");
      }
      if (arrivals == Arrivals.GAMMA && (!(burstiness > 0) || Double.isInfinite(burstiness))) {
        throw new IllegalArgumentException("burstiness must be above zero, was " + burstiness);
      }
      this.arrivals = arrivals;
      this.meanNanos = 1e9 / perSecond;
      this.shape = burstiness;
      this.random = new SplittableRandom(seed);
    }

    double next() {
      return switch (arrivals) {
        case CONSTANT -> meanNanos;
        case POISSON -> -Math.log(1 - random.nextDouble()) * meanNanos;
        case GAMMA -> gamma(shape) * meanNanos / shape; // scale mean/shape keeps the mean gap at 1/rate
      };
    }

    /** A gamma variate of unit scale. */
    private double gamma(double k) {
      if (k < 1) {
        // Gamma(k) = Gamma(k + 1) · U^(1/k): Marsaglia–Tsang needs a shape of at least 1
        return gamma(k + 1) * Math.pow(1 - random.nextDouble(), 1 / k);
      }
      double d = k - 1.0 / 3;
      double c = 1 / Math.sqrt(9 * d);
      while (true) {
        double x = random.nextGaussian();
        double v = 1 + c * x;
        if (v <= 0) {
          continue;
        }
        v = v * v * v;
        double u = 1 - random.nextDouble();
        if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) {
          return d * v;
        }
      }
    }
  }
}
