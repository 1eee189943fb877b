package dev.llmh.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LinearFitTest {

  @Test
  void recoversALineFromNoisyPointsWithAnIntervalAroundTheTrueSlope() {
    // TTFT = 52 ms + 0.5 ms/token, ±2 ms noise, 10 requests at each of three prompt lengths.
    Random random = new Random(7);
    int[] lengths = {128, 512, 2048};
    double[] x = new double[30];
    double[] y = new double[30];
    for (int i = 0; i < 30; i++) {
      x[i] = lengths[i % 3];
      y[i] = 52 + 0.5 * x[i] + (random.nextDouble() - 0.5) * 4;
    }
    LinearFit fit = LinearFit.of(x, y).orElseThrow();
    assertThat(fit.n()).isEqualTo(30);
    assertThat(fit.slope()).isCloseTo(0.5, within(0.005));
    assertThat(fit.intercept()).isCloseTo(52, within(2.0));
    assertThat(fit.slopeLow()).isLessThan(fit.slope()).isGreaterThan(0.49);
    assertThat(fit.slopeHigh()).isGreaterThan(fit.slope()).isLessThan(0.51);
    assertThat(fit.r2()).isGreaterThan(0.999);
    assertThat(fit.linear()).isTrue();
  }

  @Test
  void theSlopeIntervalCoversTheTrueSlopeAboutNinetyFivePercentOfTheTime() {
    Random random = new Random(11);
    double[] x = IntStream.range(0, 12).mapToDouble(i -> 100 * (i % 4 + 1)).toArray();
    long covered = IntStream.range(0, 1000)
        .mapToObj(trial -> LinearFit.of(x, Arrays.stream(x).map(v -> 20 + 0.3 * v + random.nextGaussian() * 5).toArray()))
        .map(Optional::orElseThrow)
        .filter(fit -> fit.slopeLow() <= 0.3 && 0.3 <= fit.slopeHigh())
        .count();
    // Binomial(1000, 0.95) lies in [930, 970] with probability > 0.99.
    assertThat(covered).isBetween(930L, 970L);
  }

  @Test
  void pointsWithoutALineHaveALowR2() {
    double[] x = {1, 2, 3, 1, 2, 3};
    double[] y = {10, 0, 10, 0, 10, 0};
    LinearFit fit = LinearFit.of(x, y).orElseThrow();
    assertThat(fit.r2()).isLessThan(0.1);
    assertThat(fit.linear()).isFalse();
  }

  @Test
  void tooFewPointsOrOneXValueFitNothing() {
    assertThat(LinearFit.of(new double[] {1, 2}, new double[] {1, 2})).isEmpty();
    assertThat(LinearFit.of(new double[] {5, 5, 5}, new double[] {1, 2, 3})).isEmpty();
    assertThatThrownBy(() -> LinearFit.of(new double[] {1, 2, 3}, new double[] {1, 2}))
        .hasMessageContaining("differ in length");
  }
}
