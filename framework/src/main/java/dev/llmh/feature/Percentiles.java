package dev.llmh.feature;

import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.result.MetricSummary;
import java.util.List;

/** A feature's per-request distribution in a figure line: its p50 with the interval a budget is judged on, and its p95. */
public final class Percentiles {
  private Percentiles() {}

  /**
   * Adds {@code summary}'s p50 and p95 to {@code values} under {@code prefix} ({@code server_timing.}),
   * or one value not measured with {@code why} when it is null; returns the words for the line
   * ({@code p50 41.2 ms [40.8, 41.9], p95 43 ms}), or null when not measured.
   */
  public static String add(String prefix, Metric metric, MetricSummary summary, String why, List<Value> values) {
    String key = prefix + metric.jsonName();
    Unit unit = metric.displayUnit();
    if (summary == null) {
      values.add(Value.missing(key + ".p50", metric, metric.key() + ", p50", unit, why));
      return null;
    }
    List<Double> p50 = summary.ci() == null ? null : summary.ci().p50();
    List<Double> p95 = summary.ci() == null ? null : summary.ci().p95();
    values.add(Value.measured(key + ".p50", metric, metric.key() + ", p50", summary.p50(), unit, p50));
    values.add(Value.measured(key + ".p95", metric, metric.key() + ", p95", summary.p95(), unit, p95));
    return "p50 " + Quantity.format(summary.p50(), unit) + interval(p50, unit) + ", p95 " + Quantity.format(summary.p95(), unit);
  }

  private static String interval(List<Double> ci, Unit unit) {
    if (ci == null || ci.get(0) == null || ci.get(1) == null) {
      return "";
    }
    return " [" + Quantity.formatBare(ci.get(0), unit) + ", " + Quantity.formatBare(ci.get(1), unit) + "]";
  }
}
