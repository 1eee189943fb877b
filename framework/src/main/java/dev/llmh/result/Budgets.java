package dev.llmh.result;

import dev.llmh.analysis.Figure;
import dev.llmh.constraint.ConstraintException;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Stat;
import java.util.ArrayList;
import java.util.List;

/** The budgets a case's record holds on one figure, with their verdicts: what a row of its view carries. */
public final class Budgets {
  private Budgets() {}

  /**
   * The budgets on {@code metric} ({@code stat} of it, when given; any statistic of it when null, as
   * for a figure of one value per case); a baseline's regression budget judges a change, not the
   * figure, and is left out. None for a null metric.
   */
  public static List<Figure.Budget> on(CaseResult result, Metric metric, Stat stat) {
    List<Figure.Budget> budgets = new ArrayList<>();
    if (metric == null || result.constraints() == null) {
      return budgets;
    }
    for (CaseResult.ConstraintRecord c : result.constraints()) {
      ConstraintExpression expression = parse(c.expression());
      if (expression != null && expression.metric() == metric && !expression.regression()
          && (stat == null || expression.stat() == stat)) {
        budgets.add(new Figure.Budget(c.expression(), c.verdict(), c.message()));
      }
    }
    return budgets;
  }

  private static ConstraintExpression parse(String expression) {
    try {
      return ConstraintParser.parse(expression);
    } catch (ConstraintException e) {
      return null; // a record from a later version's metric: no figure of this version names it
    }
  }
}
