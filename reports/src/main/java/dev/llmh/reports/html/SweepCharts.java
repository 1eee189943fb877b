package dev.llmh.reports.html;

import dev.llmh.measure.RequestMetrics;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.FitRecord;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.SaturationRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** TTFT against prompt tokens with the fitted prefill line, and figures against concurrency or rate. */
final class SweepCharts {
  private SweepCharts() {}

  static Section prefill(RunRecord record) {
    List<ChartSpec> charts = new ArrayList<>();
    for (FitRecord fit : record.fits()) {
      List<List<Object>> points = new ArrayList<>();
      for (CaseResult result : record.results()) {
        if (PhaseEvidence.fitFor(result, record.fits()) != fit) {
          continue;
        }
        Object target = result.params().get(CasePlan.PROMPT_TOKENS);
        for (SampleRecord s : result.samples() == null ? List.<SampleRecord>of() : result.samples()) {
          boolean modelLoad = s.flags() != null && s.flags().contains(RequestMetrics.FLAG_MODEL_LOAD);
          // the prompt's length as the server counted it, else as the case targeted it; neither: no point
          if (s.error() == null && s.times().ttftMs() != null && !modelLoad && (s.promptTokens() != null || target instanceof Number)) {
            double x = s.promptTokens() != null ? s.promptTokens() : ((Number) target).doubleValue();
            points.add(Labels.point(x, s.times().ttftMs()));
          }
        }
      }
      if (points.isEmpty()) {
        continue;
      }
      double lo = points.stream().mapToDouble(p -> (Double) p.get(0)).min().orElseThrow();
      double hi = points.stream().mapToDouble(p -> (Double) p.get(0)).max().orElseThrow();
      List<List<Object>> line = List.of(
          Labels.point(lo, fit.line().interceptMs() + fit.line().slopeMsPerToken() * lo),
          Labels.point(hi, fit.line().interceptMs() + fit.line().slopeMsPerToken() * hi));
      String title = Labels.scenario(fit.scenario()) + " · " + fit.model() + " · concurrency " + fit.concurrency()
          + (fit.params() == null ? "" : " · " + Labels.paramsWithout(fit.params(), List.of()));
      charts.add(new ChartSpec("prefill-" + charts.size(), title, "xy", "prompt tokens", false, "TTFT (ms)", null, null,
          List.of(new ChartSpec.Series("requests", "scatter", 0, points, "#5470c6"),
              new ChartSpec.Series("fitted line", "line", 0, line, "#ee6666")),
          null, null, fitNote(fit)));
    }
    return Section.of("prefill", "TTFT against prompt tokens", "", charts,
        "no scenario ran three or more @SyntheticPrompt lengths, so no TTFT-against-prompt-tokens line was fitted");
  }

  private static String fitNote(FitRecord fit) {
    String line = String.format(Locale.ROOT, "TTFT = %s ms + %s ms × prompt tokens, R² %.3f, %d requests",
        Labels.number(fit.line().interceptMs()), Labels.number(fit.line().slopeMsPerToken()), fit.line().r2(), fit.line().n());
    if (fit.prefillTokensPerSecond() == null) {
      return line + "; no prefill rate: " + fit.note();
    }
    List<Double> ci = fit.ci();
    return line + "; prefill " + Labels.number(fit.prefillTokensPerSecond()) + " tok/s"
        + (ci == null ? "" : " (" + Math.round(fit.confidence() * 100) + "% interval " + Labels.number(ci.get(0)) + " to "
            + (ci.get(1) == null ? "unbounded" : Labels.number(ci.get(1))) + ")");
  }

  /** Cases that differ only in concurrency (or rate), two or more levels: TTFT p50/p95 and total tok/s. */
  static Section sweep(RunRecord record) {
    Map<String, String> axis = new LinkedHashMap<>();
    Map<String, TreeMap<Double, CaseResult>> groups = groups(record, axis);
    List<ChartSpec> charts = new ArrayList<>();
    groups.forEach((key, levels) -> {
      if (levels.size() < 2) {
        return;
      }
      List<List<Object>> p50 = new ArrayList<>();
      List<List<Object>> p95 = new ArrayList<>();
      List<List<Object>> tokens = new ArrayList<>();
      levels.forEach((x, result) -> {
        MetricSummary ttft = result.metrics() == null ? null : result.metrics().get(CaseResult.TTFT);
        if (ttft != null && ttft.p50() != null) {
          p50.add(Labels.point(x, ttft.p50()));
        }
        if (ttft != null && ttft.p95() != null) {
          p95.add(Labels.point(x, ttft.p95()));
        }
        if (result.throughput() != null && result.throughput().outputTokensPerSecond() != null) {
          tokens.add(Labels.point(x, result.throughput().outputTokensPerSecond()));
        }
      });
      List<ChartSpec.Series> series = new ArrayList<>();
      addIfAny(series, new ChartSpec.Series("TTFT p50", "line", 0, p50, "#5470c6"));
      addIfAny(series, new ChartSpec.Series("TTFT p95", "line", 0, p95, "#91cc75"));
      addIfAny(series, new ChartSpec.Series("total output tok/s", "line", 1, tokens, "#ee6666"));
      if (series.isEmpty()) {
        return;
      }
      CaseResult first = levels.firstEntry().getValue();
      SaturationRecord search = saturationOf(record, first);
      Double knee = null;
      String note = null;
      if (search != null && search.knee() != null) {
        knee = search.knee().concurrency() != null ? search.knee().concurrency().doubleValue() : search.knee().rate();
        note = "Saturation search: knee at " + axis.get(key) + " " + Labels.number(knee) + " ("
            + Labels.number(search.knee().throughput()) + " tok/s); stopped because " + search.stoppedBecause();
      } else if (search != null) {
        note = "Saturation search found no knee: " + search.stoppedBecause();
      }
      String params = Labels.paramsWithout(first.params(), List.of("concurrency", CasePlan.RATE));
      charts.add(new ChartSpec("sweep-" + charts.size(), Labels.scenario(first.scenario()) + " › " + first.caseName()
          + (params.isEmpty() ? "" : " [" + params + "]"), "xy", axis.get(key), false, "TTFT (ms)", "output tok/s",
          null, series, knee, knee == null ? null : "knee", note));
    });
    return Section.of("sweep", "TTFT and throughput against concurrency or rate", "", charts,
        "every case ran at a single concurrency or rate; a sweep needs @Concurrency with two or more values, "
            + "two or more rates, or a @SaturationSearch");
  }

  /**
   * The run's cases that differ only in concurrency (or only in rate), by level, each group under a
   * key of everything else; {@code axis} is told each group's axis title.
   */
  private static Map<String, TreeMap<Double, CaseResult>> groups(RunRecord record, Map<String, String> axis) {
    Map<String, TreeMap<Double, CaseResult>> groups = new LinkedHashMap<>();
    for (CaseResult result : record.results()) {
      Map<String, Object> params = result.params() == null ? Map.of() : result.params();
      boolean rate = params.get(CasePlan.RATE) instanceof Number;
      Object level = rate ? params.get(CasePlan.RATE) : params.get("concurrency");
      if (!(level instanceof Number n) || result.section(dev.llmh.result.Section.ERROR) != null) {
        continue;
      }
      String key = result.scenario() + "\u0000" + result.caseName() + "\u0000" + dev.llmh.result.ModelConcurrency.model(result) + "\u0000"
          + Labels.paramsWithout(params, List.of("concurrency", CasePlan.RATE, "model")) + "\u0000" + rate;
      groups.computeIfAbsent(key, k -> new TreeMap<>()).put(n.doubleValue(), result);
      axis.put(key, rate ? "rate (req/s)" : "concurrency");
    }
    return groups;
  }

  private static void addIfAny(List<ChartSpec.Series> series, ChartSpec.Series s) {
    if (!s.data().isEmpty()) {
      series.add(s);
    }
  }

  /** The saturation search this case was a step of: same scenario, case and other parameters. */
  private static SaturationRecord saturationOf(RunRecord record, CaseResult result) {
    String others = Labels.paramsWithout(result.params(), List.of("concurrency", CasePlan.RATE));
    for (SaturationRecord s : record.saturation()) {
      if (Objects.equals(s.scenario(), result.scenario()) && Objects.equals(s.caseName(), result.caseName())
          && Labels.paramsWithout(s.params(), List.of("concurrency", CasePlan.RATE)).equals(others)) {
        return s;
      }
    }
    return null;
  }
}
