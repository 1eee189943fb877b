package dev.llmh.reports.html;

import dev.llmh.measure.RequestMetrics;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SampleRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Per-request views: latency CDFs per case, and each request's send, first token and end. */
final class RequestCharts {
  static final String FAILED = "#d62728";

  private RequestCharts() {}

  /** One chart per latency metric, a step line per case. */
  static Section cdfs(RunRecord record) {
    List<ChartSpec> charts = new ArrayList<>();
    StringBuilder missing = new StringBuilder();
    cdf(record, "TTFT", s -> s.times().ttftMs(), "no request succeeded with a first token", charts, missing);
    cdf(record, "TPOT", s -> s.times().tpotMs(), "no request produced two or more tokens, so TPOT is undefined",
        charts, missing);
    cdf(record, "E2E", s -> s.times().e2eMs(), "no request succeeded to the end of its stream", charts, missing);
    String html = missing.length() == 0 ? "" : "<ul class=\"missing\">" + missing + "</ul>";
    return Section.of("cdf", "Latency distributions (a CDF per group of comparable cases)", html, charts, "no request succeeded in any case");
  }

  /** One chart per group of comparable cases (one scenario's prompt, its parameters varied), a line per case. */
  private static void cdf(
      RunRecord record, String name, Function<SampleRecord, Double> metric, String reason, List<ChartSpec> charts,
      StringBuilder missing) {
    Map<String, List<ChartSpec.Series>> groups = new LinkedHashMap<>();
    for (CaseResult result : record.results()) {
      double[] values = succeeded(result).stream().map(metric).filter(v -> v != null && Double.isFinite(v))
          .mapToDouble(Double::doubleValue).sorted().toArray();
      if (values.length == 0) {
        continue;
      }
      List<List<Object>> points = new ArrayList<>();
      for (int i = 0; i < values.length; i++) {
        points.add(Labels.point(values[i], (i + 1) / (double) values.length));
      }
      groups.computeIfAbsent(Labels.scenario(result.scenario()) + " › " + result.caseName(), g -> new ArrayList<>())
          .add(new ChartSpec.Series(Labels.of(result), "step", 0, points, null));
    }
    if (groups.isEmpty()) {
      missing.append("<li>").append(name).append(" CDF: not measured: ").append(Html.escape(reason)).append("</li>");
      return;
    }
    int g = 0;
    for (Map.Entry<String, List<ChartSpec.Series>> group : groups.entrySet()) {
      charts.add(new ChartSpec("cdf-" + name.toLowerCase(java.util.Locale.ROOT) + "-" + g++, name + " CDF: " + group.getKey(),
          "xy", name + " (ms)", false, "fraction of succeeded requests", null, null, group.getValue(), null, null,
          "Each step is one succeeded request; a case's line reaches 1 at its slowest request."));
    }
  }

  /** One chart per case that measured requests: a row per request, failures in red. */
  static Section timelines(RunRecord record) {
    List<ChartSpec> charts = new ArrayList<>();
    for (CaseResult result : record.results()) {
      List<SampleRecord> samples = result.samples() == null ? List.of() : result.samples();
      List<List<Object>> waiting = new ArrayList<>();
      List<List<Object>> streaming = new ArrayList<>();
      List<List<Object>> failedSpans = new ArrayList<>();
      List<List<Object>> failures = new ArrayList<>();
      int unplaced = 0;
      for (int i = 0; i < samples.size(); i++) {
        SampleRecord s = samples.get(i);
        if (s.times().startMs() == null) {
          unplaced++;
          continue;
        }
        double start = s.times().startMs();
        if (s.error() != null) {
          Double end = s.times().endMs() != null ? s.times().endMs() : s.times().e2eMs();
          double at = start + (end == null ? 0 : end);
          failedSpans.add(List.of(start, i, at));
          failures.add(Labels.point(at, i));
          continue;
        }
        if (s.times().ttftMs() != null) {
          waiting.add(List.of(start, i, start + s.times().ttftMs()));
          Double end = s.times().e2eMs() != null ? s.times().e2eMs() : s.times().endMs();
          if (end != null) {
            streaming.add(List.of(start + s.times().ttftMs(), i, start + end));
          }
        }
      }
      List<ChartSpec.Series> series = new ArrayList<>();
      add(series, new ChartSpec.Series("send → first token", "segment", 0, waiting, "#fac858"));
      add(series, new ChartSpec.Series("first token → end", "segment", 0, streaming, "#5470c6"));
      add(series, new ChartSpec.Series("failed request", "segment", 0, failedSpans, FAILED));
      add(series, new ChartSpec.Series("failure", "scatter", 0, failures, FAILED));
      if (series.isEmpty()) {
        continue;
      }
      String note = failures.size() + " of " + samples.size() + " measured requests failed"
          + (unplaced == 0 ? "" : "; " + unplaced + " without a send time are not drawn")
          + ". Time from the case's first measured send.";
      charts.add(new ChartSpec("timeline-" + charts.size(), Labels.of(result), "timeline", "time (ms)", false, "request",
          null, null, series, null, null, note));
    }
    return Section.of("timeline", "Per-request timeline (a case each, unfold to see)", "", charts,
        "no case measured a request").folded();
  }

  private static void add(List<ChartSpec.Series> series, ChartSpec.Series s) {
    if (!s.data().isEmpty()) {
      series.add(s);
    }
  }

  /** Succeeded requests the statistics counted: a request that included a model load is left out, as there. */
  static List<SampleRecord> succeeded(CaseResult result) {
    return result.samples() == null ? List.of()
        : result.samples().stream().filter(s -> s.error() == null
            && (s.flags() == null || !s.flags().contains(RequestMetrics.FLAG_MODEL_LOAD))).toList();
  }
}
