package dev.llmh.reports.html;

import dev.llmh.analysis.Figure;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.CaseView;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What the report opens with, in one screen: which cases meet every budget (a case with none is
 * not a pass, only unjudged), why the others do not, and which case is best on each figure among
 * those that did not fail.
 */
final class Decision {
  /** The figures compared across cases, each with whether more is better. */
  private record Figured(String name, Unit unit, boolean higherIsBetter, String key) {}

  /** The core's figures, by their keys in a case's view. */
  private static final List<Figured> CORE = List.of(
      new Figured("TTFT p95", Unit.MILLISECONDS, false, "ttft_ms.p95"),
      new Figured("TPOT p50", Unit.MILLISECONDS, false, "tpot_ms.p50"),
      new Figured("E2E p95", Unit.MILLISECONDS, false, "e2e_ms.p95"),
      new Figured("output tok/s", Unit.TOKENS_PER_SECOND, true, "throughput.output_tokens_per_s"));

  /** The features' figures whose better direction is plain; the rest are shown per case only. */
  private static final Map<Metric, Boolean> HIGHER_IS_BETTER = Map.of(
      Metric.GOODPUT, true, Metric.SLO_ATTAINMENT, true, Metric.SUCCESS_RATE, true, Metric.JUDGE_SCORE, true,
      Metric.ENERGY_PER_TOKEN, false, Metric.COST_PER_MTOK, false, Metric.PEAK_RSS, false);

  private Decision() {}

  static String of(RunRecord record) {
    if (record.results().isEmpty()) {
      return "<p class=\"missing\">not measured: the run recorded no case</p>";
    }
    return "<p class=\"decision\">" + Html.escape(summary(record.results())) + "</p>" + verdicts(record.results())
        + best(record.results());
  }

  /** The word for a case's verdict: a PASS with no budget judged nothing. */
  static String word(CaseResult r) {
    boolean unbudgeted = r.constraints() == null || r.constraints().isEmpty();
    return "PASS".equals(r.verdict()) && unbudgeted ? "NO BUDGET" : String.valueOf(r.verdict());
  }

  private static String summary(List<CaseResult> results) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    List.of("PASS", "FAIL", "INCONCLUSIVE", "NO BUDGET", "NOT_RUN").forEach(w -> counts.put(w, 0));
    results.forEach(r -> counts.merge(word(r), 1, Integer::sum));
    return counts.get("PASS") + " of " + results.size() + " cases meet every budget; " + counts.get("FAIL") + " fail, "
        + counts.get("INCONCLUSIVE") + " undecided, " + counts.get("NO BUDGET") + " have no budget, "
        + counts.get("NOT_RUN") + " did not run.";
  }

  /** The cases that do not simply pass, each with why. */
  private static String verdicts(List<CaseResult> results) {
    StringBuilder out = new StringBuilder("<table class=\"decision\"><thead><tr><th>case</th><th>verdict</th>"
        + "<th>why</th></tr></thead><tbody>");
    for (CaseResult r : results) {
      String word = word(r);
      List<String> why = new ArrayList<>(r.verdictReasons() == null ? List.of() : r.verdictReasons());
      if (why.isEmpty() && r.constraints() != null) {
        r.constraints().forEach(c -> why.add(c.message()));
      }
      out.append("<tr><td>").append(Html.escape(Labels.of(r))).append("</td><td class=\"verdict ")
          .append(Html.escape(word.replace(' ', '_'))).append("\">").append(Html.escape(word)).append("</td><td>")
          .append(why.isEmpty() ? "no budget declared" : Html.escape(String.join("; ", why))).append("</td></tr>");
    }
    return out.append("</tbody></table>").toString();
  }

  /** The best case on each figure, among the cases that neither failed nor did not run, when two or more measured it. */
  private static String best(List<CaseResult> results) {
    Map<CaseResult, CaseView> views = new java.util.IdentityHashMap<>();
    results.forEach(r -> views.put(r, CaseView.of(r)));
    StringBuilder rows = new StringBuilder();
    for (Figured f : CORE) {
      bestRow(rows, f.name(), f.unit(), f.higherIsBetter(), results, r -> new Best(views.get(r).number(f.key()), false));
    }
    HIGHER_IS_BETTER.keySet().stream().sorted().forEach(metric -> bestRow(rows, metric.label(), null,
        HIGHER_IS_BETTER.get(metric), results, r -> featureValue(views.get(r), metric)));
    return rows.length() == 0 ? "" : "<table class=\"best\"><thead><tr><th>figure</th><th>best case</th><th>value</th>"
        + "<th>of cases (not failed)</th></tr></thead><tbody>" + rows + "</tbody></table>";
  }

  private record Best(Double value, boolean declared) {}

  private static void bestRow(
      StringBuilder rows, String name, Unit unit, boolean higher, List<CaseResult> results, Function<CaseResult, Best> of) {
    CaseResult best = null;
    Best bestValue = null;
    int measured = 0;
    for (CaseResult r : results) {
      if ("FAIL".equals(r.verdict()) || "NOT_RUN".equals(r.verdict())) {
        continue; // a case that broke its budget or never ran is no configuration to choose
      }
      Best v = of.apply(r);
      if (v == null || v.value() == null || !Double.isFinite(v.value())) {
        continue;
      }
      measured++;
      if (bestValue == null || (higher ? v.value() > bestValue.value() : v.value() < bestValue.value())) {
        best = r;
        bestValue = v;
      }
    }
    if (measured < 2) {
      return; // one case is no choice
    }
    String shown = unit == null ? Labels.number(bestValue.value()) : Quantity.format(bestValue.value(), unit);
    rows.append("<tr><td>").append(Html.escape(name)).append("</td><td>").append(Html.escape(Labels.of(best)))
        .append("</td><td>").append(Html.escape(shown)).append(bestValue.declared() ? " (declared)" : "")
        .append("</td><td>").append(measured).append("</td></tr>");
  }

  private static Best featureValue(CaseView view, Metric metric) {
    for (Figure figure : view.figures()) {
      for (Figure.Value v : figure.values()) {
        if (v.metric() == metric && v.value() != null) {
          double shown = v.unit() == Unit.BYTES ? Unit.MEBIBYTES.fromCanonical(v.value()) : v.value();
          return new Best(shown, v.source() == Figure.Source.DECLARED);
        }
      }
    }
    return null;
  }
}
