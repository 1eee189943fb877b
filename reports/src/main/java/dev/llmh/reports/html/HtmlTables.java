package dev.llmh.reports.html;

import dev.llmh.analysis.Figure;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.CaseView;
import dev.llmh.resources.CostRecord;
import dev.llmh.resources.DeclaredInputs;
import dev.llmh.resources.Energy;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.ModelConcurrency;
import dev.llmh.result.RunRecord;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** The report's tables: verdicts with intervals, which phase binds, models side by side. */
final class HtmlTables {
  private HtmlTables() {}

  static String verdicts(RunRecord record) {
    if (record.results().isEmpty()) {
      return "<p class=\"missing\">not measured: the run recorded no case</p>";
    }
    StringBuilder out = new StringBuilder("<table class=\"verdicts\"><thead><tr><th>case</th><th>model</th><th>verdict</th>"
        + "<th>requests ok / failed</th><th>TTFT p50 (ms)</th><th>TTFT p50: reaching / waiting on the server (ms)</th>"
        + "<th>TTFT p95 (ms)</th><th>TPOT p50 (ms)</th>"
        + "<th>output tok/s</th><th>budgets (observed, interval judged on)</th></tr></thead><tbody>");
    for (CaseResult r : record.results()) {
      CaseView view = CaseView.of(r);
      Double ok = view.number("requests.succeeded");
      out.append("<tr><td>").append(Html.escape(Labels.of(r))).append("</td><td>")
          .append(Html.escape(ModelConcurrency.label(r))).append("</td><td class=\"verdict ")
          .append(Html.escape(Decision.word(r).replace(' ', '_'))).append("\">").append(Html.escape(Decision.word(r)))
          .append("</td><td>")
          .append(ok == null ? "–" : ok.intValue() + " / " + view.number("requests.failed").intValue()).append("</td><td>")
          .append(withInterval(view.value("ttft_ms.p50"))).append("</td><td>")
          .append(split(view)).append("</td><td>")
          .append(withInterval(view.value("ttft_ms.p95"))).append("</td><td>")
          .append(withInterval(view.value("tpot_ms.p50"))).append("</td><td>")
          .append(Html.escape(Labels.number(view.number("throughput.output_tokens_per_s"))))
          .append("</td><td>").append(budgets(r)).append("</td></tr>");
    }
    return out.append("</tbody></table>").toString();
  }

  /**
   * Where the TTFT went: the p50s of the time spent reaching the server (name, connect, TLS, sending)
   * and waiting on it, from the case's {@code network} line; a slow TTFT spent on the network shows here.
   */
  private static String split(CaseView view) {
    Double reaching = view.number("network.ttft_network_ms");
    Double waiting = view.number("network.ttft_server_ms");
    if (reaching == null || waiting == null) {
      return "<span class=\"missing\">not measured</span>";
    }
    return Labels.number(reaching) + " / " + Labels.number(waiting);
  }

  /** {@code 812 [640–900]}: the point and its interval, an end the sample cannot bound shown as such, no interval when neither end is bounded. */
  private static String withInterval(Figure.Value v) {
    if (v == null || v.value() == null) {
      return "<span class=\"missing\">not measured</span>";
    }
    List<Double> ci = v.interval();
    String text = Labels.number(v.value());
    if (ci != null && ci.size() == 2 && (ci.get(0) != null || ci.get(1) != null)) {
      text += " <span class=\"ci\">[" + end(ci.get(0)) + "–" + end(ci.get(1)) + "]</span>";
    }
    return text;
  }

  /** An end of an interval; one the sample is too small to bound says so (both unbounded: no interval shown). */
  private static String end(Double value) {
    return value == null ? "not bounded" : Labels.number(value);
  }

  /** The observed value in a unit a person reads: bytes as MiB. */
  private static String observed(Double value, String unit) {
    if (value != null && "B".equals(unit)) {
      return Quantity.format(value, Unit.MEBIBYTES);
    }
    return Labels.number(value) + (unit == null ? "" : " " + unit);
  }

  /** The interval the verdict was judged on, an open end said in words; nothing when it has no end at all. */
  private static String interval(List<Double> bounds, String unit) {
    if (bounds == null || bounds.size() != 2 || (bounds.get(0) == null && bounds.get(1) == null)) {
      return "";
    }
    if (bounds.get(0) == null) {
      return " (judged on: at most " + observed(bounds.get(1), unit) + ")";
    }
    if (bounds.get(1) == null) {
      return " (judged on: at least " + observed(bounds.get(0), unit) + ")";
    }
    return " (judged on [" + observed(bounds.get(0), unit) + ", " + observed(bounds.get(1), unit) + "])";
  }

  private static String budgets(CaseResult r) {
    StringBuilder out = new StringBuilder();
    for (ConstraintRecord c : r.constraints() == null ? List.<ConstraintRecord>of() : r.constraints()) {
      out.append("<div class=\"verdict ").append(Html.escape(c.verdict())).append("\">")
          .append(Html.escape(c.expression())).append(": ").append(Html.escape(observed(c.observed(), c.unit())));
      String declared = declared(r, c);
      if (declared != null) {
        out.append(" (").append(Html.escape(declared)).append(")");
      }
      out.append(Html.escape(interval(c.bounds(), c.unit())));
      out.append(" ").append(Html.escape(c.verdict())).append("</div>");
    }
    for (String reason : r.verdictReasons() == null ? List.<String>of() : r.verdictReasons()) {
      out.append("<div class=\"reason\">").append(Html.escape(reason)).append("</div>");
    }
    return out.length() == 0 ? "none declared" : out.toString();
  }

  /** What the budget's figure rests on that was declared, or null: the figure is shown as declared wherever it is. */
  private static String declared(CaseResult r, ConstraintRecord c) {
    try {
      Resources resources = r.section(dev.llmh.result.Section.RESOURCES);
      Energy energy = resources == null ? null : resources.energy();
      CostRecord cost = r.section(dev.llmh.result.Section.COST);
      return DeclaredInputs.label(ConstraintParser.parse(c.expression()).metric(), energy == null ? null : energy.energySource(),
          DeclaredInputs.electricityPriced(cost));
    } catch (dev.llmh.constraint.ConstraintException e) {
      return null; // a record from a later version's metric: shown as it is
    }
  }

  static String phases(RunRecord record) {
    StringBuilder out = new StringBuilder("<p>What the figures' patterns point to: TTFT growing with prompt length points to prefill;"
        + " TTFT high at a fixed prompt to a prompt cache invalidated or queueing; TPOT drifting up over a conversation"
        + " to the KV cache; TPOT flat to memory bandwidth. A match is evidence, not proof.</p>"
        + "<table class=\"phases\"><thead><tr><th>case</th><th>share of E2E before the first token</th>"
        + "<th>signature it matches</th><th>evidence</th></tr></thead><tbody>");
    for (CaseResult r : record.results()) {
      PhaseEvidence e = PhaseEvidence.of(r, record.fits());
      out.append("<tr><td>").append(Html.escape(Labels.of(r))).append("</td><td>");
      if (e.notMeasured() != null) {
        out.append("<span class=\"missing\">not measured</span></td><td>–</td><td>")
            .append(Html.escape("not measured: " + e.notMeasured())).append("</td></tr>");
        continue;
      }
      out.append(String.format(Locale.ROOT, "%.0f%%", 100 * e.ttftShare())).append("</td><td>")
          .append(e.matches().isEmpty() ? "none clearly" : Html.escape(String.join("; ", e.matches().stream()
              .map(m -> m.signature().pattern() + " → " + m.signature().pointsTo()).toList())))
          .append("</td><td>").append(Html.escape(e.summary())).append("</td></tr>");
    }
    return out.append("</tbody></table>").toString();
  }

  static String models(Map<String, Map<String, CaseResult>> groups) {
    boolean checks = groups.values().stream().flatMap(m -> m.values().stream()).anyMatch(r -> ModelConcurrency.checksPassed(r) != null);
    StringBuilder out = new StringBuilder("<table class=\"models\"><thead><tr><th>case</th><th>model</th><th>served as</th>"
        + "<th>TTFT p50 (ms)</th><th>TTFT p95 (ms)</th><th>TPOT p50 (ms)</th><th>output tok/s</th>"
        + (checks ? "<th>checks passed</th>" : "") + "<th>verdict</th></tr></thead><tbody>");
    groups.forEach((category, byModel) -> byModel.forEach((model, r) -> {
      CaseView view = CaseView.of(r);
      String passed = checks ? "</td><td>" + Html.escape(Objects.requireNonNullElse(ModelConcurrency.checksPassed(r), "–")) : "";
      out.append("<tr><td>").append(Html.escape(category)).append("</td><td>").append(Html.escape(model))
          .append("</td><td>").append(Html.escape(r.endpoint() == null ? null : r.endpoint().servedModel()))
          .append("</td><td>").append(Labels.number(view.number("ttft_ms.p50"))).append("</td><td>")
          .append(Labels.number(view.number("ttft_ms.p95"))).append("</td><td>")
          .append(Labels.number(view.number("tpot_ms.p50"))).append("</td><td>")
          .append(Labels.number(view.number("throughput.output_tokens_per_s"))).append(passed)
          .append("</td><td class=\"verdict ").append(Html.escape(r.verdict())).append("\">")
          .append(Html.escape(r.verdict())).append("</td></tr>");
    }));
    return out.append("</tbody></table>").toString();
  }
}
