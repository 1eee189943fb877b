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
}
