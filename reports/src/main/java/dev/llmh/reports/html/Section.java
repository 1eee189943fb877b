package dev.llmh.reports.html;

import java.util.List;

/**
 * One part of the report: its charts, or why it has none. A section without data says "not
 * measured" and the reason; it never draws an empty chart.
 *
 * @param html tables and text shown above the charts, already escaped; may be empty
 * @param foldCharts each chart is per-case detail, folded under its title until a person opens it
 */
public record Section(String id, String title, String html, List<ChartSpec> charts, String notMeasured, boolean foldCharts) {
  public Section {
    charts = List.copyOf(charts);
  }

  static Section of(String id, String title, String html, List<ChartSpec> charts, String reasonWhenEmpty) {
    return new Section(id, title, html, charts, charts.isEmpty() ? reasonWhenEmpty : null, false);
  }

  /** A section of tables and text alone. */
  static Section table(String id, String title, String html) {
    return new Section(id, title, html, List.of(), null, false);
  }

  /** The same section, each chart folded away. */
  Section folded() {
    return new Section(id, title, html, charts, notMeasured, true);
  }
}
