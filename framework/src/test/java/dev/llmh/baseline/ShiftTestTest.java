package dev.llmh.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The comparison statistics against values that can be counted by hand or read from tables. */
class ShiftTestTest {

  @Test
  void completeSeparationOfFourAgainstFourHasExactTwoSidedP2Over70() {
    // Only one of the C(8,4) = 70 orderings puts all four current values above the baseline; two-sided doubles it.
    ShiftTest.Result r = ShiftTest.compare(new double[] {10, 11, 12, 13}, new double[] {14, 15, 16, 17});
    assertThat(r.u()).isEqualTo(16);
    assertThat(r.ties()).isFalse();
    assertThat(r.pValue()).isCloseTo(2.0 / 70, within(1e-12));
  }

  @Test
  void oneSwapOfFourAgainstFourHasExactTwoSidedP4Over70() {
    // U = 15: P(U >= 15) = P(U <= 1) = 2/70 (U = 0 and U = 1 each have one ordering).
    ShiftTest.Result r = ShiftTest.compare(new double[] {10, 11, 12, 14.5}, new double[] {14, 15, 16, 17});
    assertThat(r.u()).isEqualTo(15);
    assertThat(r.pValue()).isCloseTo(4.0 / 70, within(1e-12));
  }

  @Test
  void tiesUseTheNormalApproximationWithTieAndContinuityCorrection() {
    // Pooled 1,2,2,2,3,3,4,5: rank sum of the current sample 3 + 5.5 + 7 + 8 = 23.5, U = 13.5;
    // variance mn/12 · (N + 1 − Σ(t³ − t)/(N(N − 1))) = 16/12 · (9 − 30/56); z = (13.5 − 8 − 0.5)/sd.
    ShiftTest.Result r = ShiftTest.compare(new double[] {1, 2, 2, 3}, new double[] {2, 3, 4, 5});
    assertThat(r.ties()).isTrue();
    assertThat(r.u()).isEqualTo(13.5);
    assertThat(r.pValue()).isCloseTo(0.1366582477381475, within(1e-9));
  }

  @Test
  void exactNullDistributionMatchesTheTables() {
    // m = n = 3: 20 orderings, U = 0, 1, 2 have 1, 1, 2 of them.
    double[] cdf = ShiftTest.exactCdf(3, 3);
    assertThat(cdf).hasSize(10);
    assertThat(cdf[0]).isCloseTo(1 / 20.0, within(1e-12));
    assertThat(cdf[2]).isCloseTo(4 / 20.0, within(1e-12));
    assertThat(cdf[9]).isCloseTo(1.0, within(1e-12));
    // Two-sided 5% critical value of U for n1 = n2 = 8 is 13 (P(U <= 13) = 0.0249): the 14th difference.
    assertThat(ShiftTest.exactCdf(8, 8)[13]).isCloseTo(0.0249, within(5e-5));
    assertThat(ShiftTest.criticalCount(8, 8, false)).isEqualTo(14);
    // Three against three can never reach 5% two-sided: no interval.
    assertThat(ShiftTest.criticalCount(3, 3, false)).isZero();
  }

  @Test
  void aScaledSampleGivesExactlyThatRelativeChangeInsideItsInterval() {
    Random random = new Random(7);
    double[] baseline = new double[20];
    double[] current = new double[20];
    for (int i = 0; i < 20; i++) {
      baseline[i] = 100 + 20 * random.nextDouble();
      current[i] = 1.2 * baseline[i];
    }
    ShiftTest.Result r = ShiftTest.compare(baseline, current);
    assertThat(r.change()).isCloseTo(0.2, within(1e-9));
    assertThat(r.lower()).isLessThan(0.2).isGreaterThan(0.05);
    assertThat(r.upper()).isGreaterThan(0.2);
    assertThat(r.pValue()).isLessThan(0.001);
  }

  @Test
  void intervalCoversTheTrueShiftAtAboutTheNominalRate() {
    Random random = new Random(11);
    int covered = 0;
    int trials = 400;
    for (int t = 0; t < trials; t++) {
      double[] a = new double[12];
      double[] b = new double[12];
      for (int i = 0; i < 12; i++) {
        a[i] = Math.exp(random.nextGaussian() * 0.1) * 100;
        b[i] = Math.exp(random.nextGaussian() * 0.1) * 110;
      }
      ShiftTest.Result r = ShiftTest.compare(a, b);
      covered += r.lower() <= 0.1 && 0.1 <= r.upper() ? 1 : 0;
    }
    // Nominal ≥ 95% (discreteness makes it a little more); 400 trials: allow a few percent.
    assertThat(covered / (double) trials).isBetween(0.92, 0.995);
  }
}
