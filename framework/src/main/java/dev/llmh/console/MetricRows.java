package dev.llmh.console;

import dev.llmh.constraint.Metric;
import dev.llmh.result.MetricSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rows a view of a case shows: every distribution it measured, in the declarations' order, with
 * a summary identical to an earlier row's of the same dimension folded into one note instead of
 * repeated ({@code ttfo} = {@code ttft} without reasoning). The results file keeps both.
 *
 * @param rows each shown metric with its summary, or null when it could not be measured (a chunk
 *     split the server did not confirm)
 * @param equalities one phrase per folded row, e.g. {@code ttfo = ttft: no reasoning}
 */
public record MetricRows(Map<Metric, MetricSummary> rows, List<String> equalities) {
  private static final Map<Metric, String> WHY_EQUAL = Map.of(
      Metric.TTFO, "no reasoning",
      Metric.ITL_TOKEN, "one token per chunk");

  public static MetricRows of(Map<String, MetricSummary> metrics) {
    Map<Metric, MetricSummary> rows = new LinkedHashMap<>();
    List<String> equalities = new ArrayList<>();
    for (Metric metric : Metric.values()) {
      if (!metric.fromRequests() || !metrics.containsKey(metric.jsonName())) {
        continue;
      }
      MetricSummary summary = metrics.get(metric.jsonName());
      if (summary == null && metric.fromSchedule()) {
        continue; // a closed loop has no schedule: nothing to say
      }
      if (summary != null && summary.n() == 0) {
        continue;
      }
      Optional<Metric> same = summary == null ? Optional.empty() : rows.entrySet().stream()
          .filter(e -> e.getKey().dimension() == metric.dimension() && summary.equals(e.getValue()))
          .map(Map.Entry::getKey)
          .findFirst();
      if (same.isPresent()) {
        equalities.add(name(metric) + " = " + name(same.get()) + ": " + WHY_EQUAL.getOrDefault(metric, "the same figures"));
      } else {
        rows.put(metric, summary);
      }
    }
    return new MetricRows(Collections.unmodifiableMap(rows), List.copyOf(equalities));
  }

  /** The note naming the folded rows, e.g. {@code (ttfo = ttft: no reasoning)}, or empty. */
  public String note() {
    return equalities.isEmpty() ? "" : "(" + String.join("; ", equalities) + ")";
  }

  /** The label without its unit: {@code itl/token} for {@code itl/token (ms)}. */
  private static String name(Metric metric) {
    return metric.label().replaceFirst(" \\(.*\\)$", "");
  }
}
