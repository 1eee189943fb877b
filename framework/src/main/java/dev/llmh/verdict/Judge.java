package dev.llmh.verdict;

import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Quantity;
import dev.llmh.stats.Summary;
import java.util.Map;
import dev.llmh.constraint.Metric;

/**
 * Judges constraints on the point estimate. (Confidence bounds come with the statistical-verdicts
 * work; the message format below is pinned so that it can grow an interval.)
 */
public final class Judge {
  private Judge() {}

  public static ConstraintResult judge(ConstraintExpression constraint, Map<Metric, Summary> summaries) {
    Summary summary = summaries.get(constraint.metric());
    if (summary == null || constraint.stat() == null) {
      throw new IllegalArgumentException("cannot judge " + constraint.source() + " yet");
    }
    double observed = summary.get(constraint.stat());
    double budget = constraint.budget().canonical();
    if (summary.n() == 0 || Double.isNaN(observed)) {
      return new ConstraintResult(
          constraint, Double.NaN, Verdict.INCONCLUSIVE,
          constraint.subject() + " has no value (no successful request measured it) against budget "
              + constraint.budget() + ": INCONCLUSIVE");
    }
    boolean holds = constraint.comparison().holds(observed, budget);
    String shown = holds ? constraint.comparison().symbol() : constraint.comparison().negation().symbol();
    Verdict verdict = holds ? Verdict.PASS : Verdict.FAIL;
    String message =
        constraint.subject() + " = " + Quantity.format(observed, constraint.budget().unit()) + " " + shown
            + " budget " + constraint.budget() + ": " + verdict;
    return new ConstraintResult(constraint, observed, verdict, message);
  }

  /**
   * Judges {@code error_rate}: failed / measured requests, in %. With nothing measured there is no
   * rate, and the verdict is INCONCLUSIVE rather than a pass.
   */
  public static ConstraintResult judgeErrorRate(ConstraintExpression constraint, int failed, int measured) {
    if (constraint.metric() != Metric.ERROR_RATE) {
      throw new IllegalArgumentException(constraint.source() + " is not an error_rate constraint");
    }
    if (measured == 0) {
      return new ConstraintResult(
          constraint, Double.NaN, Verdict.INCONCLUSIVE,
          "error_rate has no value (no request was measured) against budget " + constraint.budget() + ": INCONCLUSIVE");
    }
    double observed = 100.0 * failed / measured;
    double budget = constraint.budget().canonical();
    boolean holds = constraint.comparison().holds(observed, budget);
    String shown = holds ? constraint.comparison().symbol() : constraint.comparison().negation().symbol();
    Verdict verdict = holds ? Verdict.PASS : Verdict.FAIL;
    String message =
        "error_rate = " + Quantity.format(observed, constraint.budget().unit()) + " (" + failed + " of " + measured
            + " failed) " + shown + " budget " + constraint.budget() + ": " + verdict;
    return new ConstraintResult(constraint, observed, verdict, message);
  }
}
