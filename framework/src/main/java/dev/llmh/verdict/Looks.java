package dev.llmh.verdict;

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
    return new Looks(List.copyOf(points), (1 - level) / points.size());
  }
}
