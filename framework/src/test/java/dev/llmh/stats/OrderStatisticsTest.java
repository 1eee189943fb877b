package dev.llmh.stats;

import dev.llmh.constraint.SampleSizes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Order-statistic indices against exact binomial sums (computed independently with exact integer
 * binomial coefficients in Python's {@code math.comb}).
 */
class OrderStatisticsTest {

  @ParameterizedTest(name = "n={0} q={1}: two-sided 95% [X({2}), X({3})], one-sided 95% X({4}) / X({5})")
  @CsvSource({
    // n, q, two-sided lower, upper (alpha 0.025 each), one-sided lower, upper (alpha 0.05); 0 = no bound
    "10, 0.50, 2, 9, 2, 9",
    "10, 0.95, 8, 0, 8, 0",
    "59, 0.50, 22, 38, 23, 37",
    "59, 0.95, 52, 0, 53, 59",
    "72, 0.95, 64, 72, 65, 72",
    "72, 0.99, 69, 0, 70, 0",
    "100, 0.50, 40, 61, 42, 59",
    "100, 0.90, 84, 96, 85, 96",
    "100, 0.95, 90, 100, 91, 99",
    "100, 0.99, 97, 0, 97, 0",
  })
  void indicesMatchExactBinomialSums(int n, double q, int lo2, int hi2, int lo1, int hi1) {
    assertThat(OrderStatistics.lowerIndex(n, q, 0.025)).isEqualTo(lo2);
    assertThat(OrderStatistics.upperIndex(n, q, 0.025)).isEqualTo(hi2);
    assertThat(OrderStatistics.lowerIndex(n, q, 0.05)).isEqualTo(lo1);
    assertThat(OrderStatistics.upperIndex(n, q, 0.05)).isEqualTo(hi1);
  }

  @Test
  void samplesNeededForABound() {
    // 0.95^59 = 0.048 <= 0.05 < 0.95^58; 0.95^72 = 0.0249 <= 0.025; 0.99^368 = 0.0248 <= 0.025 < 0.99^367
    assertThat(SampleSizes.forUpper(0.95, 0.05)).isEqualTo(59);
    assertThat(SampleSizes.forUpper(0.95, 0.025)).isEqualTo(72);
    assertThat(SampleSizes.forUpper(0.99, 0.025)).isEqualTo(368);
    assertThat(SampleSizes.forUpper(0.50, 0.05)).isEqualTo(5);
    assertThat(SampleSizes.forLower(0.95, 0.05)).isEqualTo(1);
    assertThat(OrderStatistics.upperIndex(58, 0.95, 0.05)).isZero();
    assertThat(OrderStatistics.upperIndex(59, 0.95, 0.05)).isEqualTo(59);
  }
}
