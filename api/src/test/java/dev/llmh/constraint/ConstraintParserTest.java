package dev.llmh.constraint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
  void aCountJudgedOnItsFigureMayBeExactlyItsBudgetAndNothingElseMay() {
    ConstraintExpression preemptions = ConstraintParser.parse("server_preemptions == 0");
    assertThat(preemptions.metric()).isEqualTo(Metric.SERVER_PREEMPTIONS);
    assertThat(preemptions.comparison()).isEqualTo(Comparison.EQUAL);
    assertThat(preemptions.comparison().holds(0, 0)).isTrue();
    assertThat(preemptions.comparison().holds(1, 0)).isFalse();
    assertThat(preemptions.comparison().negation().symbol()).isEqualTo("!=");
    assertThat(preemptions.upperBudget()).isFalse();
    assertThatThrownBy(() -> ConstraintParser.parse("ttft.p95 == 2s")).isInstanceOf(ConstraintException.class)
        .hasMessageContaining("'==' is for a count judged on its figure").hasMessageContaining("'ttft'");
    assertThatThrownBy(() -> ConstraintParser.parse("server_requests_waiting.max == 0")).hasMessageContaining("takes <, <=, > or >=");
    assertThatThrownBy(() -> ConstraintParser.parse("server_preemptions != 0")).hasMessageContaining("comparison '!=' is not supported");
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
  }

  /** Each constraint refused, with what its message must say, the fault it names. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      # units of the wrong dimension
      ttft.p95 < 5%                | does not fit 'ttft'
      ttft.p50 regression < 20ms   | regression
      slo_attainment >= 95 req/s   | unit 'req/s' does not fit 'slo_attainment' (a ratio)
      goodput >= 3 tok/s           | unit 'tok/s' does not fit 'goodput' (a request rate)
      peak_rss < 6s                | does not fit 'peak_rss'
      energy_per_token < 3W        | J
      # malformed
      ttft < 2s                    | needs a statistic
      cpu < 90%                    | needs a statistic
      error_rate.p95 < 1%          | takes no statistic
      goodput.p95 >= 3req/s        | takes no statistic
      peak_rss.max < 6GiB          | takes no statistic
      ttft.p85 < 2s                | unknown statistic 'p85'
      ttft.p95 2s                  | missing comparison
      ttft.p95 == 2s               | is for a count judged on its figure
      ttft.p95 <                   | missing budget
      ttft.p95 < 2 parsecs         | unknown unit
      output_tokens.min > 2.5      | whole number
      " "                          | empty
      # a bare number where a unit or a currency is needed
      error_rate < 1               | has no unit
      peak_rss < 6                 | B, KiB, MiB
      cost_per_mtok < 0.5          | currency code such as USD
      cost_per_mtok < 0.5XYZ       | 'XYZ' is not a currency code
      """)
  void rejectsWithAMessageNamingTheFault(String constraint, String message) {
    assertThatThrownBy(() -> ConstraintParser.parse(constraint))
        .isInstanceOf(ConstraintException.class)
        .hasMessageContaining(message);
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
  }
}
