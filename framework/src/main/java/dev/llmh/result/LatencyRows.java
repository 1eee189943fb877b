package dev.llmh.result;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Stat;
import dev.llmh.constraint.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A case's distributions as rows of its view: one {@link Figure} per metric it measured, in the
 * declarations' order, its values the statistics ({@code n}, {@code p50}... keyed
 * {@code ttft_ms.p50}) with their intervals and the budgets set on them, its text the intervals'
 * level ({@code 95% CI}), or, for a distribution that could not be measured, the reason and no values.
 * A summary identical to an earlier one of the same dimension is folded: kept among the rows
 * (every output but the tables names its values) and named in one note instead of shown twice
 * ({@code ttfo = ttft: no reasoning}). The results file keeps both.
 *
 * @param shown the rows a table shows
 * @param folded the rows equal to one shown, left out of tables
 * @param equalities one phrase per folded row, e.g. {@code ttfo = ttft: no reasoning}
 */
public record LatencyRows(List<Figure> shown, List<Figure> folded, List<String> equalities) {
  /** The statistics a row holds, in this order; {@code n} is the count. */
  public static final List<String> STATISTICS = List.of("n", "p50", "p90", "p95", "p99", "mean", "min", "max");

  /** The text of a distribution the server did not let LLMH measure. */
  static final String UNKNOWN = "unknown: chunk token counts not confirmed by the server";

  private static final Map<Metric, String> WHY_EQUAL = Map.of(
      Metric.TTFO, "no reasoning",
      Metric.ITL_TOKEN, "one token per chunk");

  public LatencyRows {
    shown = List.copyOf(shown);
    folded = List.copyOf(folded);
    equalities = List.copyOf(equalities);
  }

  /** The rows of {@code result}'s {@code metrics}, each value judged by the budgets set on it. */
  public static LatencyRows of(CaseResult result) {
    Map<String, MetricSummary> metrics = result.metrics() == null ? Map.of() : result.metrics();
    List<Figure> shown = new ArrayList<>();
    List<MetricSummary> shownSummaries = new ArrayList<>();
    List<Metric> shownMetrics = new ArrayList<>();
    List<Figure> folded = new ArrayList<>();
    List<String> equalities = new ArrayList<>();
    for (Metric metric : Metric.values()) {
      if (!metric.fromRequests() || !metrics.containsKey(metric.jsonName())) {
        continue;
      }
      MetricSummary summary = metrics.get(metric.jsonName());
      if (summary == null && metric.fromSchedule() || summary != null && summary.n() == 0) {
        continue; // a closed loop has no schedule, an empty sample no statistics: nothing to say
      }
      Optional<Metric> same = Optional.empty();
      for (int i = 0; summary != null && i < shownMetrics.size() && same.isEmpty(); i++) {
        if (shownMetrics.get(i).dimension() == metric.dimension() && summary.equals(shownSummaries.get(i))) {
          same = Optional.of(shownMetrics.get(i));
        }
      }
      Figure row = row(result, metric, summary);
      if (same.isPresent()) {
        folded.add(row);
        equalities.add(name(metric) + " = " + name(same.get()) + ": " + WHY_EQUAL.getOrDefault(metric, "the same figures"));
      } else {
        shown.add(row);
        shownSummaries.add(summary);
        shownMetrics.add(metric);
      }
    }
    return new LatencyRows(shown, folded, equalities);
  }

  /** The note naming the folded rows, e.g. {@code (ttfo = ttft: no reasoning)}, or empty. */
  public String note() {
    return equalities.isEmpty() ? "" : "(" + String.join("; ", equalities) + ")";
  }

  /** Every row, shown and folded. */
  public List<Figure> all() {
    List<Figure> all = new ArrayList<>(shown);
    all.addAll(folded);
    return all;
  }

  /** A row's value of {@code statistic} ({@code p50}, {@code n}...), or null when the row has none. */
  public static Value statistic(Figure row, String statistic) {
    return row.values().stream().filter(v -> v.key().endsWith("." + statistic)).findFirst().orElse(null);
  }

  private static Figure row(CaseResult result, Metric metric, MetricSummary s) {
    if (s == null) {
      return new Figure(metric.label(), UNKNOWN, List.of());
    }
    MetricSummary.ConfidenceIntervals ci = s.ci();
    Unit unit = metric.displayUnit();
    String key = metric.jsonName() + ".";
    List<Value> values = List.of(
        Value.measured(key + "n", null, "n", (double) s.n(), Unit.COUNT, null),
        statistic(result, metric, Stat.P50, s.p50(), ci == null ? null : ci.p50()),
        statistic(result, metric, Stat.P90, s.p90(), ci == null ? null : ci.p90()),
        statistic(result, metric, Stat.P95, s.p95(), ci == null ? null : ci.p95()),
        statistic(result, metric, Stat.P99, s.p99(), ci == null ? null : ci.p99()),
        statistic(result, metric, Stat.MEAN, s.mean(), ci == null ? null : ci.mean()),
        Value.measured(key + "min", metric, "min", s.min(), unit, null),
        Value.measured(key + "max", metric, "max", s.max(), unit, null));
    // the intervals' level, as the console writes it under the row: "95% CI"
    String level = ci == null ? "" : String.format(Locale.ROOT, "%.4g%%", ci.level() * 100).replaceAll("\\.?0+%", "%") + " CI";
    return new Figure(metric.label(), level, values);
  }

  private static Value statistic(CaseResult result, Metric metric, Stat stat, Double value, List<Double> interval) {
    return Value.measured(metric.jsonName() + "." + stat.key(), metric, stat.key(), value, metric.displayUnit(), interval)
        .judgedBy(Budgets.on(result, metric, stat));
  }

  /** The label without its unit: {@code itl/token} for {@code itl/token (ms)}. */
  private static String name(Metric metric) {
    return metric.label().replaceFirst(" \\(.*\\)$", "");
  }
}
