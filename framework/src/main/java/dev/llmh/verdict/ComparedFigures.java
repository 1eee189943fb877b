package dev.llmh.verdict;

import dev.llmh.compare.CompareFigures;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.stats.Summary;

/**
 * Budgets on a distribution comparison ({@code kl_divergence}, {@code top1_agreement}): judged on
 * the observed figure, since the positions of one greedy text follow from each other and are no
 * independent sample an interval could rest on; INCONCLUSIVE with the reason when the servers gave
 * no log-probabilities, never a PASS on a figure that was not measured.
 */
final class ComparedFigures {
  private ComparedFigures() {}

  static ConstraintResult judge(ConstraintExpression constraint, CompareFigures compare) {
    if (compare == null) {
      return Judge.judgeFigure(constraint, null, "no reference model to compare with (@Compare or llmh.compare.reference)", "");
    }
    String of = " over " + compare.positions() + " positions against " + compare.reference();
    if (constraint.metric() == Metric.TOP1_AGREEMENT) {
      return Judge.judgeFigure(constraint, compare.top1Agreement(), compare.notMeasured(), of);
    }
    Double value = compare.kl() == null || compare.kl().length == 0 ? null : Summary.of(compare.kl()).get(constraint.stat());
    return Judge.judgeFigure(constraint, value, compare.notMeasured(), of);
  }
}
