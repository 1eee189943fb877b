package dev.llmh.constraint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ConstraintParserTest {

  @Test
  void parsesTimeBudgetWithStatistic() {
    ConstraintExpression c = ConstraintParser.parse("tpot.p50 < 150ms");
    assertThat(c.metric()).isEqualTo(Metric.TPOT);
    assertThat(c.stat()).isEqualTo(Stat.P50);
    assertThat(c.comparison()).isEqualTo(Comparison.LESS);
    assertThat(c.budget().canonical()).isEqualTo(150.0);
    assertThat(c.regression()).isFalse();
    assertThat(c.unsupportedReason()).isEmpty();
  }

  @Test
  void convertsUnitsToMilliseconds() {
    assertThat(ConstraintParser.parse("e2e.p95 <= 12s").budget().canonical()).isEqualTo(12_000.0);
    assertThat(ConstraintParser.parse("itl.max<2500us").budget().canonical()).isEqualTo(2.5);
    assertThat(ConstraintParser.parse("ttft.mean >= 1.5 s").budget().canonical()).isEqualTo(1500.0);
    assertThat(ConstraintParser.parse("ttft.min > 500000ns").budget().canonical()).isEqualTo(0.5);
  }

  @Test
  void knowsTheWholeGrammar() {
    ConstraintExpression errorRate = ConstraintParser.parse("error_rate < 1%");
    assertThat(errorRate.stat()).isNull();
    assertThat(errorRate.budget().canonical()).isEqualTo(1.0);
    assertThat(errorRate.unsupportedReason()).isEmpty();
    assertThat(ConstraintParser.parse("goodput >= 2 req/s").unsupportedReason()).isEmpty();
    ConstraintExpression attainment = ConstraintParser.parse("slo_attainment >= 95%");
    assertThat(attainment.budget().canonical()).isEqualTo(95.0);
    assertThat(attainment.stat()).isNull();
    assertThatThrownBy(() -> ConstraintParser.parse("slo_attainment >= 95 req/s"))
        .hasMessageContaining("unit 'req/s' does not fit 'slo_attainment' (a ratio)");
    assertThatThrownBy(() -> ConstraintParser.parse("goodput >= 3 tok/s"))
        .hasMessageContaining("unit 'tok/s' does not fit 'goodput' (a request rate)");
    assertThatThrownBy(() -> ConstraintParser.parse("goodput.p95 >= 3req/s")).hasMessageContaining("takes no statistic");

    ConstraintExpression regression = ConstraintParser.parse("ttft.p50 regression < 10%");
    assertThat(regression.regression()).isTrue();
    assertThat(regression.budget().unit()).isEqualTo(Unit.PERCENT);
    assertThat(regression.unsupportedReason()).isEmpty();
    assertThat(ConstraintParser.parse("e2e regression <= 5%").unsupportedReason()).isEmpty();
    assertThat(ConstraintParser.parse("ttft.p95 regression < 10%").unsupportedReason())
        .hasValueSatisfying(r -> assertThat(r).contains("judged on the median"));
    assertThat(ConstraintParser.parse("ttfo.p50 regression < 10%").unsupportedReason())
        .hasValueSatisfying(r -> assertThat(r).contains("ttft, tpot, itl and e2e"));
    assertThat(ConstraintParser.parse("ttft.p50 regression > 10%").unsupportedReason())
        .hasValueSatisfying(r -> assertThat(r).contains("upper limit"));

    assertThat(ConstraintParser.parse("throughput > 40 tok/s").budget().unit()).isEqualTo(Unit.TOKENS_PER_SECOND);
    assertThat(ConstraintParser.parse("goodput >= 2 req/s").budget().unit()).isEqualTo(Unit.REQUESTS_PER_SECOND);
    assertThat(ConstraintParser.parse("output_tokens.min >= 5").budget().unit()).isEqualTo(Unit.COUNT);
  }

  @Test
  void readsATargetDurationByTheBudgetsRules() {
    assertThat(ConstraintParser.duration("2s", "@Slo(ttft = \"2s\")").canonical()).isEqualTo(2000.0);
    assertThat(ConstraintParser.duration(" 100ms", "x").canonical()).isEqualTo(100.0);
    assertThatThrownBy(() -> ConstraintParser.duration("2", "@Slo(ttft = \"2\")"))
        .hasMessage("@Slo(ttft = \"2\") has no unit; use ns, us, ms, s or min, e.g. 2ms");
    assertThatThrownBy(() -> ConstraintParser.duration("2 tok/s", "t")).hasMessageContaining("has unit 'tok/s', not a time");
    assertThatThrownBy(() -> ConstraintParser.duration("soon", "t")).hasMessageContaining("cannot read t");
    assertThatThrownBy(() -> ConstraintParser.duration("0s", "t")).hasMessageContaining("must be a positive time");
  }

  @Test
  void unknownMetricSuggestsTheClosestName() {
    assertThatThrownBy(() -> ConstraintParser.parse("ttfb.p95 < 2s"))
        .isInstanceOf(ConstraintException.class)
        .hasMessageContaining("unknown metric 'ttfb'")
        .hasMessageContaining("did you mean 'ttft'?");
  }

  @Test
  void quantityWithoutUnitIsRejectedWithAnExample() {
    assertThatThrownBy(() -> ConstraintParser.parse("tpot.p50 < 150"))
        .hasMessageContaining("has no unit")
        .hasMessageContaining("150ms");
    assertThatThrownBy(() -> ConstraintParser.parse("error_rate < 1")).hasMessageContaining("has no unit");
  }

  @Test
  void rejectsUnitsOfTheWrongDimension() {
    assertThatThrownBy(() -> ConstraintParser.parse("ttft.p95 < 5%")).hasMessageContaining("does not fit 'ttft'");
    assertThatThrownBy(() -> ConstraintParser.parse("ttft.p50 regression < 20ms")).hasMessageContaining("regression");
  }

  @Test
  void rejectsMalformedConstraints() {
    assertThatThrownBy(() -> ConstraintParser.parse("ttft < 2s")).hasMessageContaining("needs a statistic");
    assertThatThrownBy(() -> ConstraintParser.parse("error_rate.p95 < 1%")).hasMessageContaining("takes no statistic");
    assertThatThrownBy(() -> ConstraintParser.parse("ttft.p85 < 2s")).hasMessageContaining("unknown statistic 'p85'");
    assertThatThrownBy(() -> ConstraintParser.parse("ttft.p95 2s")).hasMessageContaining("missing comparison");
    assertThatThrownBy(() -> ConstraintParser.parse("ttft.p95 == 2s")).hasMessageContaining("not supported");
    assertThatThrownBy(() -> ConstraintParser.parse("ttft.p95 <")).hasMessageContaining("missing budget");
    assertThatThrownBy(() -> ConstraintParser.parse("ttft.p95 < 2 parsecs")).hasMessageContaining("unknown unit");
    assertThatThrownBy(() -> ConstraintParser.parse("output_tokens.min > 2.5")).hasMessageContaining("whole number");
    assertThatThrownBy(() -> ConstraintParser.parse(" ")).hasMessageContaining("empty");
  }

  @Test
  void formatsQuantitiesForMessages() {
    assertThat(Quantity.format(612.4, Unit.MILLISECONDS)).isEqualTo("612 ms");
    assertThat(Quantity.format(2310, Unit.SECONDS)).isEqualTo("2.31 s");
    assertThat(Quantity.format(100, Unit.MILLISECONDS)).isEqualTo("100 ms");
    assertThat(Quantity.format(2000, Unit.SECONDS)).isEqualTo("2 s");
    assertThat(Quantity.format(12.25, Unit.MILLISECONDS)).isEqualTo("12.3 ms");
  }

  @Test
  void negationIsTheViolatedComparison() {
    for (Comparison c : Comparison.values()) {
      for (double observed : new double[] {1, 2, 3}) {
        assertThat(c.negation().holds(observed, 2)).isEqualTo(!c.holds(observed, 2));
      }
    }
  }

  @Test
  void resourceBudgetsTakeBytesJoulesWattsPercentAndTheCurrencyCode() {
    assertThat(ConstraintParser.parse("peak_rss < 6GiB").budget().canonical()).isEqualTo(6.0 * (1L << 30));
    assertThat(ConstraintParser.parse("peak_rss < 6GB").budget().canonical()).isEqualTo(6e9);
    assertThat(ConstraintParser.parse("gpu_memory.max < 20GiB").stat()).isEqualTo(Stat.MAX);
    assertThat(ConstraintParser.parse("cpu.mean < 90%").budget().canonical()).isEqualTo(90.0);
    assertThat(ConstraintParser.parse("energy_per_token < 3J").budget().unit()).isEqualTo(Unit.JOULES);
    assertThat(ConstraintParser.parse("gpu_power.p95 < 0.3kW").budget().canonical()).isEqualTo(300.0);
    ConstraintExpression cost = ConstraintParser.parse("cost_per_mtok < 0.5USD");
    assertThat(cost.currency()).isEqualTo("USD");
    assertThat(cost.budget().canonical()).isEqualTo(0.5);
    assertThat(cost.format(0.58)).isEqualTo("0.58 USD");
    assertThat(ConstraintParser.parse("cost_per_mtok < 0.5 eur").currency()).isEqualTo("EUR");

    assertThatThrownBy(() -> ConstraintParser.parse("peak_rss < 6")).hasMessageContaining("B, KiB, MiB");
    assertThatThrownBy(() -> ConstraintParser.parse("peak_rss < 6s")).hasMessageContaining("does not fit 'peak_rss'");
    assertThatThrownBy(() -> ConstraintParser.parse("peak_rss.max < 6GiB")).hasMessageContaining("takes no statistic");
    assertThatThrownBy(() -> ConstraintParser.parse("cpu < 90%")).hasMessageContaining("needs a statistic");
    assertThatThrownBy(() -> ConstraintParser.parse("cost_per_mtok < 0.5")).hasMessageContaining("currency code such as USD");
    assertThatThrownBy(() -> ConstraintParser.parse("cost_per_mtok < 0.5XYZ")).hasMessageContaining("'XYZ' is not a currency code");
    assertThatThrownBy(() -> ConstraintParser.parse("energy_per_token < 3W")).hasMessageContaining("J");
  }
}
