package dev.llmh.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.constraint.Stat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

class MetricSampleTest {

  @Test
  void tIntervalMatchesHandComputation() {
    // 1..5: mean 3, s = sqrt(2.5), se = sqrt(2.5)/sqrt(5) = 0.707107, t(0.975, 4) = 2.776445
    Interval ci = MetricSample.meanInterval(new double[] {1, 2, 3, 4, 5}, 0.025);
    assertThat(ci.lower()).isCloseTo(3 - 2.776445 * 0.707107, within(1e-5));
    assertThat(ci.upper()).isCloseTo(3 + 2.776445 * 0.707107, within(1e-5));
    assertThat(MetricSample.meanInterval(new double[] {7}, 0.025)).isEqualTo(Interval.NONE);
  }

  @Test
  void percentileIntervalIsTheOrderStatistics() {
    double[] sorted = DoubleStream.iterate(1, v -> v + 1).limit(100).toArray(); // X(i) = i
    assertThat(MetricSample.percentileInterval(sorted, 0.95, 0.025)).isEqualTo(new Interval(90.0, 100.0));
    assertThat(MetricSample.percentileInterval(sorted, 0.50, 0.025)).isEqualTo(new Interval(40.0, 61.0));
    assertThat(MetricSample.percentileInterval(Arrays.copyOf(sorted, 10), 0.95, 0.025)).isEqualTo(new Interval(8.0, null));
  }

  @Test
  void minAndMaxHaveNoInterval() {
    MetricSample sample = MetricSample.perRequest(List.of(1.0, 2.0, 3.0));
    assertThat(sample.interval(Stat.MAX, 0.025)).isNull();
    assertThat(sample.interval(Stat.MIN, 0.025)).isNull();
  }

  /** 2,000 samples of n = 100 from a lognormal: the two-sided 95% p95 interval covers the true p95. */
  @Test
  void p95IntervalCoverageIsNominal() {
    SplittableRandom random = new SplittableRandom(7);
    double sigma = 0.5;
    double trueP95 = Math.exp(sigma * 1.6448536269514722);
    int runs = 2000, covered = 0, coveredMedian = 0;
    for (int r = 0; r < runs; r++) {
      double[] x = new double[100];
      for (int i = 0; i < x.length; i++) {
        x[i] = Math.exp(sigma * gaussian(random));
      }
      Arrays.sort(x);
      Interval p95 = MetricSample.percentileInterval(x, 0.95, 0.025);
      covered += p95.lower() <= trueP95 && trueP95 <= p95.upper() ? 1 : 0;
      Interval p50 = MetricSample.percentileInterval(x, 0.50, 0.025);
      coveredMedian += p50.lower() <= 1 && 1 <= p50.upper() ? 1 : 0;
    }
    // exact coverage: P(90 <= Bin(100, 0.95) <= 99) = 0.965; of [X(40), X(61)] for the median 0.965
    assertThat(covered / (double) runs).isGreaterThanOrEqualTo(0.93);
    assertThat(coveredMedian / (double) runs).isGreaterThanOrEqualTo(0.93);
  }

  /** Gaps within a request share that request's speed; resampling by request keeps that in. */
  @Test
  void pooledBootstrapIsRepeatableAndCoversTheTrueValue() {
    SplittableRandom random = new SplittableRandom(11);
    int runs = 200, covered = 0;
    Interval first = null;
    for (int r = 0; r < runs; r++) {
      List<double[]> requests = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        double speed = Math.exp(0.3 * gaussian(random)); // per-request slowness: gaps are correlated
        double[] gaps = new double[30];
        for (int g = 0; g < gaps.length; g++) {
          gaps[g] = 10 * speed * Math.exp(0.1 * gaussian(random));
        }
        requests.add(gaps);
      }
      MetricSample sample = MetricSample.pooled(requests);
      Interval mean = sample.interval(Stat.MEAN, 0.025);
      if (first == null) {
        first = mean;
        assertThat(MetricSample.pooled(requests).interval(Stat.MEAN, 0.025)).isEqualTo(first); // fixed seed
      }
      // true mean gap: 10 * E[exp(0.3 Z)] * E[exp(0.1 Z)]
      double trueMean = 10 * Math.exp(0.045) * Math.exp(0.005);
      covered += mean.lower() <= trueMean && trueMean <= mean.upper() ? 1 : 0;
    }
    assertThat(covered / (double) runs).isGreaterThanOrEqualTo(0.88);
    assertThat(MetricSample.pooled(List.of(new double[] {1, 2})).interval(Stat.P50, 0.025)).isEqualTo(Interval.NONE);
  }

  static double gaussian(SplittableRandom random) {
    // Box–Muller: SplittableRandom has no nextGaussian on Java 17
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
