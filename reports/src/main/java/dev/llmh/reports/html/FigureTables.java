package dev.llmh.reports.html;

import dev.llmh.analysis.Figure;
import dev.llmh.constraint.ConstraintException;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.RunRecord;
import java.util.List;

/**
 * Every feature's figures of each case, the lines the console prints: a table per case of each
 * value with its unit, the interval a budget on it is judged on, the budget's verdict and whether
 * it was measured, declared or not measured (and why), folded away under the case's name.
 */
final class FigureTables {
  private FigureTables() {}

  static String of(RunRecord record) {
    StringBuilder out = new StringBuilder();
    for (CaseResult r : record.results()) {
      List<Figure> figures = FigureSource.all(r);
      if (figures.isEmpty()) {
        continue;
      }
      out.append("<details class=\"figures\"><summary>").append(Html.escape(Labels.of(r))).append(" — ")
          .append(Html.escape(r.verdict())).append("</summary><table class=\"figures\"><thead><tr><th>figure</th>")
          .append("<th>value</th><th>interval</th><th>budget</th><th>source</th><th>line</th></tr></thead><tbody>");
      for (Figure figure : figures) {
        if (figure.values().isEmpty()) {
          out.append("<tr><td>").append(Html.escape(figure.label())).append("</td><td colspan=\"4\"></td><td>")
              .append(Html.escape(figure.text())).append("</td></tr>");
        }
        for (int i = 0; i < figure.values().size(); i++) {
          row(out, r, figure, i);
        }
      }
      out.append("</tbody></table></details>");
    }
    return out.length() == 0 ? "<p class=\"missing\">not measured: no case recorded a figure beyond latency</p>"
        : out.toString();
  }

  /** A value's row; the line it came from is shown beside the first of its values. */
  private static void row(StringBuilder out, CaseResult r, Figure figure, int i) {
    Figure.Value v = figure.values().get(i);
    boolean missing = v.value() == null;
    out.append("<tr class=\"").append(v.source().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'))
        .append("\"><td>").append(Html.escape(v.label())).append("</td><td>")
        .append(missing ? "not measured: " + Html.escape(v.notMeasured()) : Html.escape(display(v.value(), v.unit())))
        .append("</td><td>").append(v.interval() == null || v.interval().size() != 2 ? "–"
            : Html.escape("[" + display(v.interval().get(0), v.unit()) + ", " + display(v.interval().get(1), v.unit()) + "]"))
        .append("</td><td>").append(Html.escape(budget(r, v))).append("</td><td>")
        .append(v.source().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')).append("</td>");
    if (i == 0) {
      out.append("<td rowspan=\"").append(figure.values().size()).append("\">").append(Html.escape(figure.label()))
          .append(": ").append(Html.escape(figure.text())).append("</td>");
    }
    out.append("</tr>");
  }

  /** In a unit a person reads: bytes as MiB, the rest as recorded. */
  private static String display(Double value, Unit unit) {
    if (value == null) {
      return "–";
    }
    return unit == Unit.BYTES ? Quantity.format(value, Unit.MEBIBYTES) : Quantity.format(value, unit);
  }

  /**
   * The verdicts of the budgets set on the value's metric, or "none" when no budget names it; a
   * budget on a declared figure says so, as it is no plain PASS.
   */
  private static String budget(CaseResult r, Figure.Value v) {
    Metric metric = v.metric();
    StringBuilder out = new StringBuilder();
    for (ConstraintRecord c : r.constraints() == null ? List.<ConstraintRecord>of() : r.constraints()) {
      try {
        if (metric != null && ConstraintParser.parse(c.expression()).metric() == metric) {
          out.append(out.length() == 0 ? "" : "; ").append(c.expression()).append(": ").append(c.verdict())
              .append(v.source() == Figure.Source.DECLARED ? " (on a declared figure)" : "");
        }
      } catch (ConstraintException e) {
        // a record from a later version's metric: no figure of this version names it
      }
    }
    return out.length() == 0 ? "none" : out.toString();
  }
}
