package dev.llmh.reports.html;

import dev.llmh.constraint.Metric;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import dev.llmh.servermetrics.ServerMetricsRecord;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What each case's server said of itself at its {@code /metrics} over the measured phase, look by
 * look: the requests it ran and held waiting (left axis, as steps: a gauge holds its value between
 * looks) and its KV cache in use (right axis).
 */
final class ServerMetricsCharts {
  private ServerMetricsCharts() {}

  static Section of(RunRecord record) {
    List<ChartSpec> charts = new ArrayList<>();
    Set<String> reasons = new LinkedHashSet<>();
    for (CaseResult result : record.results()) {
      ServerMetricsRecord m = result.section(ServerMetricsRecord.SECTION);
      if (m == null) {
        continue;
      }
      if (m.looks() == 0 || m.lookMs() == null) {
        reasons.add(m.notMeasured() == null || m.notMeasured().isEmpty() ? "no look answered"
            : m.notMeasured().values().iterator().next());
        continue;
      }
      List<ChartSpec.Series> series = new ArrayList<>();
      add(series, "requests running", "step", 0, m.lookMs(), m.series(Metric.SERVER_REQUESTS_RUNNING), "#5470c6");
      add(series, "requests waiting", "step", 0, m.lookMs(), m.series(Metric.SERVER_REQUESTS_WAITING), "#fac858");
      add(series, "KV cache in use (%)", "line", 1, m.lookMs(), m.series(Metric.SERVER_KV_CACHE_USAGE), "#ee6666");
      if (!series.isEmpty()) {
        charts.add(new ChartSpec("server-metrics-" + charts.size(), Labels.of(result), "xy", "time in the measured phase (s)", false,
            "requests", "KV cache %", null, series, null, null,
            m.source() + ", every " + m.intervalMs() + " ms; " + m.looks() + " looks"));
      }
    }
    return Section.of("server-metrics", "The server's own metrics over time", "", charts, reasons.isEmpty()
        ? "no case looked at a server's /metrics (llmh.server.metrics)" : "not measured: " + String.join("; ", reasons));
  }

  private static void add(List<ChartSpec.Series> series, String name, String type, int axis, List<Double> lookMs, List<Double> values,
      String color) {
    if (values.size() != lookMs.size() || values.isEmpty()) {
      return;
    }
    List<List<Object>> data = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      data.add(Labels.point(lookMs.get(i) / 1000, values.get(i)));
    }
    series.add(new ChartSpec.Series(name, type, axis, data, color));
  }
}
