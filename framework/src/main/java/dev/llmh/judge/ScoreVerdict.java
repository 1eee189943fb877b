package dev.llmh.judge;

import dev.llmh.constraint.Comparison;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.stats.Interval;
import dev.llmh.stats.MetricSample;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.util.Arrays;
import java.util.Locale;

/**
 * Judges a {@code judge_score} budget on the mean score's one-sided t bounds, as a mean is judged
 * elsewhere (the architecture's "t for means"): PASS when the bound on the budget's side holds, FAIL
 * when the other bound breaks it, else INCONCLUSIVE. Judge failures are not scores and are not in
 * the mean; with fewer than two scores there is no interval and the verdict is INCONCLUSIVE. The
 * bounds are clamped to the scale: every score is from {@link JudgeReply#LOWEST} to {@link
 * JudgeReply#HIGHEST}, so the mean is too, and a t bound beyond the scale says nothing more.
 */
public final class ScoreVerdict {
  private ScoreVerdict() {}

  /**
   * @param scores the scores given, failures left out
   * @param failures how many answers got no score, said beside the figure
   * @param alpha the error allowed to each one-sided bound
   */
  public static ConstraintResult judge(ConstraintExpression constraint, double[] scores, int failures, double alpha) {
    String budget = constraint.format(constraint.budget().canonical());
    String counted = " (" + scores.length + " scored, " + failures + " judge failure" + (failures == 1 ? "" : "s") + ")";
    if (scores.length == 0) {
      return new ConstraintResult(constraint, Double.NaN, Verdict.INCONCLUSIVE, constraint.subject()
          + " not measured (no answer was scored" + counted + ") against budget " + budget + ": INCONCLUSIVE", null);
    }
    double mean = Arrays.stream(scores).average().orElseThrow();
    Interval bounds = onScale(MetricSample.meanInterval(scores, alpha));
    String head = constraint.subject() + " = " + number(mean);
    if (bounds.lower() == null) {
      return new ConstraintResult(constraint, mean, Verdict.INCONCLUSIVE, head + counted + " vs budget " + budget
          + ": INCONCLUSIVE: too few scores to bound the mean (at least 2 needed)", null);
    }
    head += " [" + number(bounds.lower()) + ", " + number(bounds.upper()) + "]" + counted;
    Comparison comparison = constraint.comparison();
    double limit = constraint.budget().canonical();
    boolean upperBudget = constraint.upperBudget();
    double passBound = upperBudget ? bounds.upper() : bounds.lower();
    double failBound = upperBudget ? bounds.lower() : bounds.upper();
    if (comparison.holds(passBound, limit)) {
      return new ConstraintResult(constraint, mean, Verdict.PASS,
          head + " " + comparison.symbol() + " budget " + budget + ": PASS", bounds);
    }
    if (!comparison.holds(failBound, limit)) {
      return new ConstraintResult(constraint, mean, Verdict.FAIL,
          head + " " + comparison.negation().symbol() + " budget " + budget + ": FAIL", bounds);
    }
    return new ConstraintResult(constraint, mean, Verdict.INCONCLUSIVE, head + " vs budget " + budget
        + ": INCONCLUSIVE: the interval straddles the budget; more scored answers would narrow it", bounds);
  }

  /** {@code interval} with each end moved inside the scale, a missing end left missing. */
  static Interval onScale(Interval interval) {
    return new Interval(onScale(interval.lower()), onScale(interval.upper()));
  }

  private static Double onScale(Double end) {
    return end == null ? null : Math.max(JudgeReply.LOWEST, Math.min(JudgeReply.HIGHEST, end));
  }

  static String number(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }
}
