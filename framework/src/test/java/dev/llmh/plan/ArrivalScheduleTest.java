package dev.llmh.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.annotations.Arrivals;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The generator alone, no server: each kind of arrivals has the mean gap and the coefficient of
 * variation its definition gives. Uniform gaps (CV 0.58), a rate in the wrong unit or a gamma drawn
 * with scale 1/rate instead of 1/(rate · shape) would all fail here.
 */
class ArrivalScheduleTest {

  @Test
  void poissonGapsHaveTheTargetMeanAndACoefficientOfVariationOfOneOverTwoThousandArrivals() {
    ArrivalSchedule schedule = ArrivalSchedule.of(Arrivals.POISSON, 4, 1, 42, 2001);
    double[] gaps = schedule.gapsNanos();
    assertThat(gaps).hasSize(2000);
    assertThat(mean(gaps) / 1e9).as("mean gap (s) at 4/s").isCloseTo(0.25, within(0.05 * 0.25));
    assertThat(cv(gaps)).as("coefficient of variation").isCloseTo(1.0, within(0.05));
    // At 2,000 the 5% holds for this seed; the statistics themselves are checked on many more draws.
    double[] many = ArrivalSchedule.of(Arrivals.POISSON, 4, 1, 7, 200_001).gapsNanos();
    assertThat(mean(many) / 1e9).isCloseTo(0.25, within(0.01 * 0.25));
    assertThat(cv(many)).isCloseTo(1.0, within(0.01));
  }

  @Test
  void gammaGapsHaveACoefficientOfVariationOfOneOverTheSquareRootOfBurstiness() {
    for (double burstiness : new double[] {0.25, 0.5, 2, 4}) {
      double[] gaps = ArrivalSchedule.of(Arrivals.GAMMA, 10, burstiness, 42, 100_001).gapsNanos();
      assertThat(mean(gaps) / 1e9).as("mean gap at burstiness %s", burstiness).isCloseTo(0.1, within(0.02 * 0.1));
      assertThat(cv(gaps)).as("CV at burstiness %s", burstiness).isCloseTo(1 / Math.sqrt(burstiness), within(0.03 / Math.sqrt(burstiness)));
    }
  }

  @Test
  void constantGapsAreAllEqual() {
    double[] gaps = ArrivalSchedule.of(Arrivals.CONSTANT, 3, 1, 42, 2001).gapsNanos();
    assertThat(cv(gaps)).isCloseTo(0, within(1e-6));
    assertThat(mean(gaps)).isCloseTo(1e9 / 3, within(1.0));
  }

  @Test
  void theSameSeedGivesTheSameScheduleAndAnotherSeedAnother() {
    ArrivalSchedule a = ArrivalSchedule.of(Arrivals.GAMMA, 8, 0.5, 123, 500);
    ArrivalSchedule b = ArrivalSchedule.of(Arrivals.GAMMA, 8, 0.5, 123, 500);
    ArrivalSchedule c = ArrivalSchedule.of(Arrivals.GAMMA, 8, 0.5, 124, 500);
    assertThat(a.gapsNanos()).containsExactly(b.gapsNanos());
    assertThat(a.gapsNanos()).isNotEqualTo(c.gapsNanos());
    assertThat(a.offsetNanos(0)).isZero();
  }

  @Test
  void aWindowKeepsEveryArrivalBeforeItsEndAndTheSameDraws() {
    ArrivalSchedule counted = ArrivalSchedule.of(Arrivals.POISSON, 20, 1, 5, 2000);
    ArrivalSchedule timed = ArrivalSchedule.within(Arrivals.POISSON, 20, 1, 5, Duration.ofSeconds(30));
    assertThat(timed.size()).isBetween(500, 700); // 600 expected, sd ≈ 24
    for (int i = 0; i < timed.size(); i++) {
      assertThat(timed.offsetNanos(i)).isEqualTo(counted.offsetNanos(i)).isLessThan(30_000_000_000L);
    }
    assertThat(counted.offsetNanos(timed.size())).isGreaterThanOrEqualTo(30_000_000_000L);
  }

  static double mean(double[] values) {
    return Arrays.stream(values).average().orElseThrow();
  }

  static double cv(double[] values) {
    double mean = mean(values);
    double variance = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (values.length - 1);
    return Math.sqrt(variance) / mean;
  }
}
