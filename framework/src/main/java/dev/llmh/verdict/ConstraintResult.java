package dev.llmh.verdict;

import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.stats.Interval;

/**
 * A constraint judged on a case's statistics.
 *
 * @param observed the observed value in the metric's canonical unit (ms for times), NaN if none
 * @param message the pinned one-line form, e.g. {@code ttft.p95 = 612 ms [590, 640] > budget 100 ms: FAIL}
 * @param bounds the one-sided confidence bounds the verdict was taken on (each at the configured
 *     level), null ends where the sample cannot bound; null when judged on the observed value
 *     (min, max, error_rate)
 */
public record ConstraintResult(
    ConstraintExpression expression, double observed, Verdict verdict, String message, Interval bounds) {
  /**
   * {@code ttft.p95 = 612 ms}: what was observed, as a test report's "actual" shows it, in the
   * metric's display unit like the message (a regression in the % its budget is written in).
   */
  public String observedText() {
    String subject = expression.subject() + (expression.regression() ? " regression" : "");
    Unit unit = expression.regression() ? expression.budget().unit() : expression.metric().displayUnit();
    return subject + " = " + (Double.isNaN(observed) ? "no value" : Quantity.format(observed, unit));
  }
}
