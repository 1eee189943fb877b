package dev.llmh.baseline;

import dev.llmh.config.ConfigKey;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.result.BaselineRecord;
import dev.llmh.result.BaselineRecord.MetricComparison;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.util.Locale;

/**
 * Judges {@code ttft.p50 regression < 10%} on a case's baseline comparison: FAIL when the interval's
 * lower end is beyond the budget and Mann–Whitney rejects (p < 0.05), PASS when the upper end is
 * within it, INCONCLUSIVE otherwise — a regression build failure must be earned by evidence.
 */
public final class RegressionJudge {
  private RegressionJudge() {}

  public static ConstraintResult judge(ConstraintExpression constraint, BaselineRecord record) {
    String subject = constraint.metric().key() + ".p50 regression";
    double budget = constraint.budget().canonical();
    String budgetText = percent(budget, false);
    if (record == null) {
      return inconclusive(constraint, subject + " not judged against budget " + budgetText
          + ": INCONCLUSIVE (no baseline: set -D" + ConfigKey.BASELINE.key() + ")");
    }
    if (!record.compared()) {
      return inconclusive(constraint, subject + " not judged against budget " + budgetText + ": INCONCLUSIVE ("
          + record.reason() + ")");
    }
    MetricComparison m = record.metrics() == null ? null : record.metrics().get(Baselines.metricKey(constraint.metric()));
    if (m == null || m.changePercent() == null) {
      return inconclusive(constraint, subject + " not judged against budget " + budgetText
          + ": INCONCLUSIVE (no successful request measured it in this run or in the baseline)");
    }
    double change = m.changePercent();
    Double lower = m.intervalPercent()[0];
    Double upper = m.intervalPercent()[1];
    String shown = subject + " = " + percent(change, true) + " [" + (lower == null ? "?" : percent(lower, true)) + ", "
        + (upper == null ? "?" : percent(upper, true)) + "]";
    boolean within = constraint.comparison().holds(change, budget);
    if (lower != null && !constraint.comparison().holds(lower, budget) && m.pValue() != null && m.pValue() < 0.05) {
      return new ConstraintResult(constraint, change, Verdict.FAIL, shown + " > budget " + budgetText + ": FAIL", null);
    }
    if (upper != null && constraint.comparison().holds(upper, budget)) {
      return new ConstraintResult(constraint, change, Verdict.PASS, shown + " < budget " + budgetText + ": PASS", null);
    }
    String why = lower == null || upper == null
        ? m.baselineN() + " and " + m.n() + " requests cannot bound the change at 95%; measure more requests"
        : "the interval reaches across the budget" + (m.pValue() != null && m.pValue() >= 0.05
            ? " and Mann–Whitney p = " + String.format(Locale.ROOT, "%.3f", m.pValue()) + " shows no clear change" : "")
            + "; more requests would narrow it";
    return new ConstraintResult(constraint, change, Verdict.INCONCLUSIVE, shown + " " + (within ? "<" : ">") + " budget " + budgetText + ": INCONCLUSIVE (" + why + ")", null);
  }

  private static ConstraintResult inconclusive(ConstraintExpression constraint, String message) {
    return new ConstraintResult(constraint, Double.NaN, Verdict.INCONCLUSIVE, message, null);
  }

  public static String percent(double value, boolean signed) {
    String text = String.format(Locale.ROOT, signed ? "%+.1f" : "%.1f", value);
    if (!signed && text.endsWith(".0")) {
      text = text.substring(0, text.length() - 2);
    }
    return text + "%";
  }
}
