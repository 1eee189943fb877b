package dev.llmh.reports.html;

import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.ModelConcurrency;
import dev.llmh.result.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The serving process over time, and models side by side. */
final class ServerCharts {
  private ServerCharts() {}

  static Section resources(RunRecord record) {
    List<ChartSpec> charts = new ArrayList<>();
    Set<String> reasons = new LinkedHashSet<>();
    for (CaseResult result : record.results()) {
      Resources r = result.section(dev.llmh.result.Section.RESOURCES);
      if (r == null) {
        continue;
      }
      if (r.series().isEmpty()) {
        reasons.add(r.notMeasured() != null ? r.notMeasured() : "no sample was taken");
        continue;
      }
      List<List<Object>> rss = new ArrayList<>();
      List<List<Object>> cpu = new ArrayList<>();
      for (List<Number> sample : r.series()) {
        if (sample.size() < 3 || sample.get(0) == null) {
          continue;
        }
        double t = sample.get(0).doubleValue() / 1000;
        if (sample.get(1) != null) {
          rss.add(Labels.point(t, sample.get(1).doubleValue() / (1024 * 1024)));
        }
        if (sample.get(2) != null) {
          cpu.add(Labels.point(t, sample.get(2).doubleValue()));
        }
      }
      List<ChartSpec.Series> series = new ArrayList<>();
      if (!rss.isEmpty()) {
        series.add(new ChartSpec.Series("resident memory (MiB)", "line", 0, rss, "#5470c6"));
      }
      if (!cpu.isEmpty()) {
        series.add(new ChartSpec.Series("CPU (% of one core)", "line", 1, cpu, "#ee6666"));
      }
      if (!series.isEmpty()) {
        charts.add(new ChartSpec("resources-" + charts.size(), Labels.of(result), "xy", "time in the measured phase (s)",
            false, "RSS (MiB)", "CPU %", null, series, null, null, r.source() + ", every " + r.intervalMs() + " ms; peak "
                + (r.peakRssBytes() == null ? "not measured" : Labels.number(r.peakRssBytes() / 1048576.0) + " MiB")));
      }
    }
    String reason = reasons.isEmpty() ? "no case sampled the serving process" : "the serving process was not sampled: "
        + String.join("; ", reasons);
    String html = charts.isEmpty() || reasons.isEmpty() ? ""
        : "<p class=\"missing\">Other cases: not measured: " + Html.escape(String.join("; ", reasons)) + "</p>";
    return Section.of("resources", "Server memory and CPU over time", html, charts, reason);
  }

  /** Cases run on two or more models that are otherwise the same: a table and bars per figure. */
  static Section models(RunRecord record) {
    // a category per table and load: each chart's bars are the models at that load
    Map<String, Map<String, CaseResult>> groups = new LinkedHashMap<>();
    for (ModelConcurrency table : ModelConcurrency.of(record.results())) {
      for (ModelConcurrency.Row row : table.rows()) {
        if (row.model() != null && row.result().section(dev.llmh.result.Section.ERROR) == null) {
          String params = Stream.of(row.load(), table.others()).filter(p -> p != null && !p.isEmpty()).collect(Collectors.joining(", "));
          String key = table.scenario() + " › " + table.prompt() + bracket(params);
          groups.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(row.model(), row.result());
        }
      }
    }
    groups.values().removeIf(byModel -> byModel.size() < 2);
    if (groups.isEmpty()) {
      Set<String> models = new LinkedHashSet<>();
      record.results().forEach(r -> models.add(String.valueOf(ModelConcurrency.model(r))));
      return Section.of("models", "Models side by side", "", List.of(),
          "no case ran on two or more models (models in this run: " + String.join(", ", models)
              + "); @Endpoint with several models or a model parameter puts them side by side");
    }
    List<String> categories = new ArrayList<>(groups.keySet());
    List<ChartSpec> charts = new ArrayList<>();
    charts.add(bars("models-ttft", "TTFT p50 by model", "TTFT p50 (ms)", categories, groups,
        r -> p50(r, CaseResult.TTFT)));
    charts.add(bars("models-tpot", "TPOT p50 by model", "TPOT p50 (ms)", categories, groups,
        r -> p50(r, CaseResult.TPOT)));
    charts.add(bars("models-throughput", "Total output tok/s by model", "output tok/s", categories, groups,
        r -> r.throughput() == null ? null : r.throughput().outputTokensPerSecond()));
    charts.removeIf(c -> c.series().isEmpty());
    return Section.of("models", "Models side by side", HtmlTables.models(groups), charts,
        "no figure was measured for the models compared");
  }

  private static ChartSpec bars(
      String id, String title, String yName, List<String> categories, Map<String, Map<String, CaseResult>> groups,
      Function<CaseResult, Double> figure) {
    Map<String, List<List<Object>>> byModel = new LinkedHashMap<>();
    groups.forEach((category, models) -> models.forEach((model, result) -> {
      Double value = figure.apply(result);
      List<List<Object>> data = byModel.computeIfAbsent(model, m -> new ArrayList<>());
      if (value != null) {
        data.add(List.of(category, value));
      }
    }));
    List<ChartSpec.Series> series = new ArrayList<>();
    byModel.forEach((model, data) -> {
      if (!data.isEmpty()) {
        series.add(new ChartSpec.Series(model, "bar", 0, data, null));
      }
    });
    return new ChartSpec(id, title, "bar", "case", false, yName, null, categories, series, null, null, null);
  }

  static Double p50(CaseResult result, String metric) {
    MetricSummary summary = result.metrics() == null ? null : result.metrics().get(metric);
    return summary == null ? null : summary.p50();
  }

  private static String bracket(String params) {
    return params.isEmpty() ? "" : " [" + params + "]";
  }
}
