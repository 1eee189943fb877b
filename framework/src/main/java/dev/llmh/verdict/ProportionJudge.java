package dev.llmh.verdict;

import dev.llmh.constraint.Comparison;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.stats.Interval;
import dev.llmh.stats.Proportion;

/**
 * Judges a figure that is a share of the requests times a fixed scale — {@code slo_attainment}
 * (good / counted × 100%), {@code success_rate} (passed every check / measured × 100%) and
 * {@code goodput} (good / counted × counted / window) — on the
 * proportion's exact binomial bounds, as {@link Judge} judges a percentile on its order statistics:
 * PASS when the bound on the budget's side holds, FAIL when the other bound breaks it, else
 * INCONCLUSIVE. Which requests turn out good is what varies from run to run; the request count and
 * the window are taken as given.
 */
public final class ProportionJudge {
  private ProportionJudge() {}

  /**
   * @param scale what the proportion (0–1) is multiplied by to give the figure in its metric's unit
   * @param notMeasured why there is no figure, or null
   * @param alpha the error allowed to each one-sided bound
   */
  public static ConstraintResult judge(
      ConstraintExpression constraint, Proportion share, double scale, String notMeasured, double alpha) {
    return judge(constraint, share, scale, notMeasured, alpha, "requests good");
  }

  /** @param counted what {@code x} of the proportion counts, after "x of n": "requests good" */
  public static ConstraintResult judge(
      ConstraintExpression constraint, Proportion share, double scale, String notMeasured, double alpha, String counted) {
    if (notMeasured != null || share.n() == 0) {
      return new ConstraintResult(constraint, Double.NaN, Verdict.INCONCLUSIVE, constraint.subject()
          + " not measured (" + (notMeasured != null ? notMeasured : "no request counted") + ") against budget "
          + Judge.budgetText(constraint) + ": INCONCLUSIVE", null);
    }
    Unit unit = constraint.metric().displayUnit();
    double observed = share.value() * scale;
    Interval p = share.bounds(alpha);
    Interval bounds = new Interval(p.lower() * scale, p.upper() * scale);
    Comparison comparison = constraint.comparison();
    double budget = constraint.budget().canonical();
    boolean upperBudget = constraint.upperBudget();
    double passBound = upperBudget ? bounds.upper() : bounds.lower();
    double failBound = upperBudget ? bounds.lower() : bounds.upper();
    String head = constraint.subject() + " = " + Quantity.format(observed, unit) + " [" + Quantity.formatBare(bounds.lower(), unit)
        + ", " + Quantity.formatBare(bounds.upper(), unit) + "] (" + share.x() + " of " + share.n() + " " + counted + ")";
    if (comparison.holds(passBound, budget)) {
      return new ConstraintResult(constraint, observed, Verdict.PASS,
          head + " " + comparison.symbol() + " budget " + Judge.budgetText(constraint) + ": PASS", bounds);
    }
    if (!comparison.holds(failBound, budget)) {
      return new ConstraintResult(constraint, observed, Verdict.FAIL,
          head + " " + comparison.negation().symbol() + " budget " + Judge.budgetText(constraint) + ": FAIL", bounds);
    }
    return new ConstraintResult(constraint, observed, Verdict.INCONCLUSIVE,
        head + " vs budget " + Judge.budgetText(constraint) + ": INCONCLUSIVE: the interval straddles the budget;"
            + " more requests would narrow it (" + share.n() + " measured)", bounds);
  }
}
