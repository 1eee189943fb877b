package dev.llmh.verdict;

import dev.llmh.constraint.Comparison;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.SampleSizes;
import dev.llmh.constraint.Stat;
import dev.llmh.constraint.Unit;
import dev.llmh.stats.Interval;
import dev.llmh.stats.MetricSample;
import dev.llmh.stats.Summary;
import java.util.Locale;
import java.util.Map;

/**
 * Judges a constraint on one-sided confidence bounds at the configured level, not on a lucky point
 * estimate. For an upper budget ({@code <}, {@code <=}) the verdict is PASS when the upper bound is
 * within the budget, FAIL when the lower bound is beyond it, and INCONCLUSIVE otherwise; a lower
 * budget ({@code >}, {@code >=}) mirrors that. Each bound alone is wrong with probability at most
 * 1 − level, so a wrong PASS and a wrong FAIL are each that rare.
 *
 * <p>{@code min} and {@code max} are judged on the observed sample: no finite sample bounds the
 * true extreme of a latency distribution, and "the slowest request we saw" is what such a budget
 * means in practice. {@code error_rate} is judged on the observed rate, too.
 */
public final class Judge {
  private Judge() {}

  /**
   * @param alpha the error allowed for each one-sided bound: 1 − level, or a share of it when the
   *     data are looked at more than once (adaptive measurement)
   */
  public static ConstraintResult judge(
      ConstraintExpression constraint, Map<Metric, MetricSample> samples, double level, double alpha) {
    MetricSample sample = samples.get(constraint.metric());
    if (sample == null || constraint.stat() == null) {
      throw new IllegalArgumentException("cannot judge " + constraint.source() + " yet");
    }
    Summary summary = sample.summary();
    double observed = summary.get(constraint.stat());
    double budget = constraint.budget().canonical();
    Unit unit = constraint.metric().displayUnit();
    if (summary.n() == 0 || Double.isNaN(observed)) {
      return new ConstraintResult(constraint, Double.NaN, Verdict.INCONCLUSIVE, constraint.subject() + " has no value (no successful request measured it) against budget "
              + budgetText(constraint) + ": INCONCLUSIVE", null);
    }
    Comparison comparison = constraint.comparison();
    String value = constraint.subject() + " = " + Quantity.format(observed, unit);
    Interval bounds = sample.interval(constraint.stat(), alpha);
    if (bounds == null) { // min, max: the observed sample
      boolean holds = comparison.holds(observed, budget);
      Verdict verdict = holds ? Verdict.PASS : Verdict.FAIL;
      String shown = holds ? comparison.symbol() : comparison.negation().symbol();
      return new ConstraintResult(constraint, observed, verdict, value + " " + shown + " budget " + budgetText(constraint) + ": " + verdict, null);
    }
    boolean upperBudget = comparison == Comparison.LESS || comparison == Comparison.LESS_OR_EQUAL;
    // the bound that must lie within the budget for a PASS, and the one beyond it for a FAIL
    Double passBound = upperBudget ? bounds.upper() : bounds.lower();
    Double failBound = upperBudget ? bounds.lower() : bounds.upper();
    String interval = " [" + end(bounds.lower(), unit) + ", " + end(bounds.upper(), unit) + "]";
    if (passBound != null && comparison.holds(passBound, budget)) {
      return new ConstraintResult(
          constraint, observed, Verdict.PASS,
          value + interval + " " + comparison.symbol() + " budget " + budgetText(constraint) + ": PASS", bounds);
    }
    if (failBound != null && !comparison.holds(failBound, budget)) {
      return new ConstraintResult(
          constraint, observed, Verdict.FAIL,
          value + interval + " " + comparison.negation().symbol() + " budget " + budgetText(constraint) + ": FAIL", bounds);
    }
    return new ConstraintResult(
        constraint, observed, Verdict.INCONCLUSIVE,
        value + interval + " vs budget " + budgetText(constraint) + ": INCONCLUSIVE: "
            + settle(constraint, sample, comparison.holds(observed, budget) ? passBound : failBound,
                !comparison.holds(observed, budget), upperBudget, level, alpha),
        bounds);
  }

  /**
   * What would settle an undecided constraint, as concretely as the statistics allow, in the
   * direction the observed figure points: towards a FAIL when it is beyond the budget, else a PASS.
   *
   * @param bound the bound that would decide it that way (null when the sample cannot give one)
   * @param beyond the observed figure is beyond the budget
   */
  static String settle(
      ConstraintExpression constraint, MetricSample sample, Double bound, boolean beyond, boolean upperBudget,
      double level, double alpha) {
    Stat stat = constraint.stat();
    // An upper budget is shown broken by a lower bound above it, kept by an upper bound below it.
    boolean needUpper = upperBudget != beyond;
    String direction = (needUpper ? "below" : "above") + " the budget (" + (beyond ? "a FAIL" : "a PASS") + ")";
    String confidence = percent(level) + (alpha < 1 - level - 1e-12 ? " (" + percent(1 - alpha) + " per look)" : "");
    if (bound == null && stat != Stat.MEAN && !sample.pooled()) {
      double q = MetricSample.quantile(stat);
      int needed = needUpper ? SampleSizes.forUpper(q, alpha) : SampleSizes.forLower(q, alpha);
      return needed + " requests are needed to show " + stat.name().toLowerCase(Locale.ROOT) + " " + direction
          + " at " + confidence + "; " + sample.requests() + " measured";
    }
    if (bound == null) {
      return "too few requests to bound " + constraint.subject() + " at " + confidence + " ("
          + sample.requests() + " measured" + (sample.pooled() ? ", at least " + MetricSample.BOOTSTRAP_MIN_REQUESTS
          + " needed for a request-level bootstrap" : ", at least 2 needed") + ")";
    }
    return "the " + percent(level) + " interval straddles the budget; more requests would narrow it ("
        + sample.requests() + " measured)";
  }

  /**
   * The budget in its metric's display unit ({@code 2000 ms} for {@code ttft.p50 < 2s}), so that it
   * reads like the figure beside it and the console's columns.
   */
  static String budgetText(ConstraintExpression constraint) {
    return constraint.format(constraint.budget().canonical());
  }

  private static String end(Double value, Unit unit) {
    return value == null ? "?" : Quantity.formatBare(value, unit);
  }

  private static String percent(double level) {
    return Quantity.formatBare(level * 100, Unit.PERCENT) + "%";
  }

  /**
   * Judges a per-case figure ({@code throughput}, {@code request_rate}) on the figure itself: a
   * rate over the whole measured phase has one value, not a sample to bound.
   */
  public static ConstraintResult judgeFigure(ConstraintExpression constraint, Double observed) {
    return judgeFigure(constraint, observed, null, "");
  }

  /**
   * The same, saying why there is no figure when there is none ({@code reason}, else "nothing was
   * measured"), and what the figure is of after it ({@code " over 40 samples"}, or empty): how a
   * statistic of a sampled series is judged, on its observed value.
   */
  public static ConstraintResult judgeFigure(ConstraintExpression constraint, Double observed, String reason, String of) {
    if (observed == null || observed.isNaN()) {
      String why = reason == null ? "has no value (nothing was measured)" : "not measured: " + reason;
      return new ConstraintResult(constraint, Double.NaN, Verdict.INCONCLUSIVE, constraint.subject() + " " + why + " against budget " + budgetText(constraint) + ": INCONCLUSIVE", null);
    }
    boolean holds = constraint.comparison().holds(observed, constraint.budget().canonical());
    Verdict verdict = holds ? Verdict.PASS : Verdict.FAIL;
    String shown = holds ? constraint.comparison().symbol() : constraint.comparison().negation().symbol();
    return new ConstraintResult(constraint, observed, verdict, constraint.subject() + " = " + constraint.format(observed) + of
        + " " + shown + " budget " + budgetText(constraint) + ": " + verdict, null);
  }

  /**
   * A statistic of a series sampled over time ({@code cpu.mean}, {@code server_kv_cache_usage.max}),
   * judged on its observed value ({@link #judgeFigure(ConstraintExpression, Double, String, String)}):
   * successive samples follow one another, no independent draws an interval could rest on.
   *
   * @param series the samples, or null (empty) when none were taken, {@code reason} saying why
   * @param of what the samples are, after their count: {@code "samples"}, {@code "looks at …"}
   */
  public static ConstraintResult judgeSeries(ConstraintExpression constraint, double[] series, String reason, String of) {
    boolean none = series == null || series.length == 0;
    return judgeFigure(constraint, none ? null : dev.llmh.stats.Summary.of(series).get(constraint.stat()), reason,
        none ? "" : " over " + series.length + " " + of);
  }

  /**
   * Judges {@code error_rate}: failed / measured requests, in %, on the observed rate. With nothing
   * measured there is no rate, and the verdict is INCONCLUSIVE rather than a pass.
   */
  public static ConstraintResult judgeErrorRate(ConstraintExpression constraint, int failed, int measured) {
    if (constraint.metric() != Metric.ERROR_RATE) {
      throw new IllegalArgumentException(constraint.source() + " is not an error_rate constraint");
    }
    if (measured == 0) {
      return new ConstraintResult(constraint, Double.NaN, Verdict.INCONCLUSIVE, "error_rate has no value (no request was measured) against budget " + budgetText(constraint) + ": INCONCLUSIVE", null);
    }
    double observed = 100.0 * failed / measured;
    double budget = constraint.budget().canonical();
    boolean holds = constraint.comparison().holds(observed, budget);
    String shown = holds ? constraint.comparison().symbol() : constraint.comparison().negation().symbol();
    Verdict verdict = holds ? Verdict.PASS : Verdict.FAIL;
    String message =
        "error_rate = " + Quantity.format(observed, constraint.metric().displayUnit()) + " (" + failed + " of " + measured
            + " failed) " + shown + " budget " + budgetText(constraint) + ": " + verdict;
    return new ConstraintResult(constraint, observed, verdict, message, null);
  }
}
