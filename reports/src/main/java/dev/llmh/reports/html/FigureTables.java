package dev.llmh.reports.html;

import dev.llmh.analysis.Figure;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.CaseView;
import dev.llmh.result.CaseResult;
import dev.llmh.result.LatencyRows;
import dev.llmh.result.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every figure of each case, its view's rows ({@link CaseView}): a table of the lines the console
 * prints (the request counts and every feature's), each value with its unit, the interval a budget
 * on it is judged on, the budgets' verdicts it carries and whether it was measured, declared or not
 * measured (and why); then the distributions' table as the console prints it, each statistic with
 * its interval; both folded away under the case's name.
 */
final class FigureTables {
  /** The distributions' statistics a table shows, as the console's. */
  private static final List<String> STATISTICS = List.of("p50", "p95", "p99", "mean", "min", "max");

  private FigureTables() {}

  static String of(RunRecord record) {
    StringBuilder out = new StringBuilder();
    for (CaseResult r : record.results()) {
      CaseView view = CaseView.of(r);
      List<Figure> lines = new ArrayList<>(List.of(view.requests()));
      lines.addAll(view.figures());
      out.append("<details class=\"figures\"><summary>").append(Html.escape(Labels.of(r))).append(" — ")
          .append(Html.escape(r.verdict())).append("</summary><table class=\"figures\"><thead><tr><th>figure</th>")
          .append("<th>value</th><th>interval</th><th>budget</th><th>source</th><th>line</th></tr></thead><tbody>");
      for (Figure figure : lines) {
        if (figure.values().isEmpty()) {
          out.append("<tr><td>").append(Html.escape(figure.label())).append("</td><td colspan=\"4\"></td><td>")
              .append(Html.escape(figure.label() + ": " + figure.text())).append("</td></tr>");
        }
        for (int i = 0; i < figure.values().size(); i++) {
          row(out, figure, i);
        }
      }
      out.append("</tbody></table>").append(latency(view.latency())).append("</details>");
    }
    return out.length() == 0 ? "<p class=\"missing\">not measured: the run recorded no case</p>" : out.toString();
  }

  /** A value's row; the line it came from is shown beside the first of its values. */
  private static void row(StringBuilder out, Figure figure, int i) {
    Figure.Value v = figure.values().get(i);
    boolean missing = v.value() == null;
    out.append("<tr class=\"").append(v.source().name().toLowerCase(Locale.ROOT).replace('_', '-'))
        .append("\"><td>").append(Html.escape(v.label())).append("</td><td>")
        .append(missing ? "not measured: " + Html.escape(v.notMeasured()) : Html.escape(display(v.value(), v.unit())))
        .append("</td><td>").append(Html.escape(interval(v))).append("</td><td>").append(Html.escape(budgets(v)))
        .append("</td><td>").append(v.source().name().toLowerCase(Locale.ROOT).replace('_', ' ')).append("</td>");
    if (i == 0) {
      out.append("<td rowspan=\"").append(figure.values().size()).append("\">").append(Html.escape(figure.label()))
          .append(": ").append(Html.escape(figure.text())).append("</td>");
    }
    out.append("</tr>");
  }

  /** The distributions as the console's table: a row per metric, each statistic with its interval and the budgets on it. */
  private static String latency(LatencyRows rows) {
    if (rows.shown().isEmpty()) {
      return "<p class=\"missing\">not measured: no distribution of this case has a value</p>";
    }
    StringBuilder out = new StringBuilder("<table class=\"latency\"><thead><tr><th>metric</th><th>n</th>");
    STATISTICS.forEach(s -> out.append("<th>").append(s).append("</th>"));
    out.append("<th>budgets</th></tr></thead><tbody>");
    for (Figure row : rows.shown()) {
      out.append("<tr><td>").append(Html.escape(row.label())).append("</td>");
      if (row.values().isEmpty()) {
        out.append("<td colspan=\"").append(STATISTICS.size() + 2).append("\">").append(Html.escape(row.text()))
            .append("</td></tr>");
        continue;
      }
      out.append("<td>").append(LatencyRows.statistic(row, "n").value().intValue()).append("</td>");
      List<String> budgets = new ArrayList<>();
      for (String statistic : STATISTICS) {
        Figure.Value v = LatencyRows.statistic(row, statistic);
        String interval = interval(v);
        out.append("<td>").append(Html.escape(Labels.number(v.value())))
            .append(interval.equals("–") ? "" : " <span class=\"ci\">" + Html.escape(interval) + "</span>").append("</td>");
        v.budgets().forEach(b -> budgets.add(b.expression() + ": " + b.verdict()));
      }
      out.append("<td>").append(Html.escape(budgets.isEmpty() ? "none" : String.join("; ", budgets))).append("</td></tr>");
    }
    out.append("</tbody></table>");
    if (!rows.equalities().isEmpty()) {
      out.append("<p class=\"note\">").append(Html.escape(rows.note())).append("</p>");
    }
    return out.toString();
  }

  /** {@code [2.5 req/s, 3.7 req/s]}, an end the sample cannot bound said as such; "–" when the value has no interval. */
  private static String interval(Figure.Value v) {
    if (v.interval() == null || v.interval().size() != 2 || v.interval().get(0) == null && v.interval().get(1) == null) {
      return "–";
    }
    return "[" + end(v.interval().get(0), v.unit()) + ", " + end(v.interval().get(1), v.unit()) + "]";
  }

  private static String end(Double value, Unit unit) {
    return value == null ? "not bounded" : display(value, unit);
  }

  /** In a unit a person reads: bytes as MiB, the rest as recorded. */
  private static String display(Double value, Unit unit) {
    if (value == null) {
      return "–";
    }
    return unit == Unit.BYTES ? Quantity.format(value, Unit.MEBIBYTES) : Quantity.format(value, unit);
  }

  /**
   * The verdicts of the budgets the value carries, or "none" when no budget names it; a budget on a
   * declared figure says so, as it is no plain PASS.
   */
  private static String budgets(Figure.Value v) {
    List<String> budgets = v.budgets().stream().map(b -> b.expression() + ": " + b.verdict()
        + (v.source() == Figure.Source.DECLARED ? " (on a declared figure)" : "")).toList();
    return budgets.isEmpty() ? "none" : String.join("; ", budgets);
  }
}
