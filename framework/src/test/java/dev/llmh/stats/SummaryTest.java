package dev.llmh.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.constraint.Stat;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTest {

  @Test
  void percentilesFollowTheLinearMethod() {
    // numpy.percentile([1..10], q) with the default (linear) method.
    double[] values = {10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
    Summary s = Summary.of(values);
    assertThat(s.n()).isEqualTo(10);
    assertThat(s.order().p50()).isCloseTo(5.5, within(1e-9));
    assertThat(s.order().p90()).isCloseTo(9.1, within(1e-9));
    assertThat(s.order().p95()).isCloseTo(9.55, within(1e-9));
    assertThat(s.order().p99()).isCloseTo(9.91, within(1e-9));
    assertThat(s.order().min()).isEqualTo(1);
    assertThat(s.order().max()).isEqualTo(10);
    assertThat(s.mean()).isCloseTo(5.5, within(1e-9));
    assertThat(s.stddev()).isCloseTo(3.0276503540974917, within(1e-9)); // sample (n - 1) stddev
    assertThat(s.get(Stat.P95)).isEqualTo(s.order().p95());
  }

  @Test
  void ignoresUndefinedValuesAndHandlesEmptySamples() {
    Summary s = Summary.of(List.of(4.0, Double.NaN, 2.0));
    assertThat(s.n()).isEqualTo(2);
    assertThat(s.order().p50()).isEqualTo(3.0);

    Summary empty = Summary.of(List.of());
    assertThat(empty.n()).isZero();
    assertThat(empty.order().p95()).isNaN();
  }

  @Test
  void singleValueHasNoSpread() {
    Summary s = Summary.of(new double[] {7});
    assertThat(s.order().p99()).isEqualTo(7);
    assertThat(s.stddev()).isNaN();
  }
}
