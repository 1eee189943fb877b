package dev.llmh.constraint;

import java.util.Optional;

/**
 * A parsed constraint: {@code metric[.stat] [regression] op quantity}.
 *
 * @param source the text as the user wrote it
 * @param stat the statistic, or null for a scalar metric
 * @param regression true for a comparison against a stored baseline (relative change in %)
 * @param currency the ISO 4217 code of a budget in money ({@code USD} in {@code cost_per_mtok < 0.50USD}), else null
 */
public record ConstraintExpression(
    String source, Metric metric, Stat stat, boolean regression, Comparison comparison, Quantity budget,
    String currency) {

  /**
   * A canonical figure of this constraint's metric as budgets and figures are shown: in the metric's
   * display unit, and a sum of money with its currency ({@code 0.58 USD}).
   */
  public String format(double canonical) {
    String text = Quantity.format(canonical, metric.displayUnit());
    return currency == null || regression ? text : text + " " + currency;
  }

  /** True for an upper limit ({@code <}, {@code <=}): kept by an upper bound, broken by a lower one. */
  public boolean upperBudget() {
    return comparison == Comparison.LESS || comparison == Comparison.LESS_OR_EQUAL;
  }

  /** {@code ttft.p95}, or {@code error_rate} for a scalar. */
  public String subject() {
    return stat == null ? metric.key() : metric.key() + "." + stat.key();
  }

  /**
   * Why this constraint cannot be judged yet, if it cannot: the grammar is complete, the metrics
   * are not. The annotation processor reports this as a compile error.
   */
  public Optional<String> unsupportedReason() {
    if (regression) {
      // The baseline comparison (dev.llmh.baseline) estimates the change of the median per request.
      if (!metric.comparedWithBaseline()) {
        return Optional.of("regression is compared for ttft, tpot, itl and e2e, not '" + metric.key() + "'");
      }
      if (stat != null && stat != Stat.P50) {
        return Optional.of("a regression is judged on the median: write '" + metric.key() + ".p50 regression < "
            + budget + "'");
      }
      if (comparison != Comparison.LESS && comparison != Comparison.LESS_OR_EQUAL) {
        return Optional.of("a regression budget is an upper limit: write '" + metric.key() + ".p50 regression < 10%'");
      }
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return source;
  }
}
