package dev.llmh.plan;

import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.SampleSizes;
import dev.llmh.constraint.Stat;
import java.util.ArrayList;
import java.util.List;

/**
 * The planned points at which an adaptive measurement looks at its data: {@code requests},
 * twice that, four times… and finally {@code maxRequests}. Looking after every request and stopping
 * at the first decided verdict would make a wrong verdict far likelier than the stated level, so
 * the looks are few, fixed in advance, and share the error allowed evenly (Bonferroni: each look's
 * one-sided bounds are taken at alpha / looks). Bonferroni is conservative — the real error rate is
 * below the level — but needs no assumption about how the looks are correlated.
 */
public record Looks(List<Integer> points, double alphaPerLook) {

  /**
   * @param level the confidence level, e.g. 0.95: the error allowed to a verdict is 1 − level
   */
  public static Looks plan(int requests, int maxRequests, double level) {
    List<Integer> points = new ArrayList<>();
    for (long n = requests; n < maxRequests; n *= 2) {
      points.add((int) n);
    }
    points.add(Math.max(requests, maxRequests));
    return new Looks(List.copyOf(points), (1 - level) / SampleSizes.looks(requests, maxRequests));
  }

  /**
   * The ceiling an adaptive measurement needs so that its last look can decide every percentile
   * budget: the first of {@code requests}, 2 × that, 4 × … at which the needed order statistic
   * exists at that look's share of the error. {@code requests} itself when no budget needs more (a
   * mean or pooled budget narrows as it goes, but needs no minimum); at most {@code cap}.
   */
  public static int ceilingToDecide(List<ConstraintExpression> constraints, int requests, double level, int cap) {
    List<ConstraintExpression> percentiles = constraints.stream()
        .filter(c -> !c.regression() && c.metric().shape() == Metric.Shape.PER_REQUEST && c.stat() != null
            && c.stat() != Stat.MEAN && c.stat() != Stat.MIN && c.stat() != Stat.MAX)
        .toList();
    long ceiling = requests;
    for (int looks = 1; !percentiles.isEmpty() && ceiling < cap; looks++, ceiling *= 2) {
      double alpha = (1 - level) / looks;
      long finalCeiling = ceiling;
      if (percentiles.stream().allMatch(c -> SampleSizes.toPass(c, alpha) <= finalCeiling)) {
        return (int) ceiling;
      }
    }
    return (int) Math.min(ceiling, Math.max(requests, cap));
  }
}
