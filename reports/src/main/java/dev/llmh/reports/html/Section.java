package dev.llmh.reports.html;

import java.util.List;

/**
 * One part of the report: its charts, or why it has none. A section without data says "not
 * measured" and the reason; it never draws an empty chart.
 *
 * @param html tables and text shown above the charts, already escaped; may be empty
 */
public record Section(String id, String title, String html, List<ChartSpec> charts, String notMeasured) {
  public Section {
    charts = List.copyOf(charts);
  }

  static Section of(String id, String title, String html, List<ChartSpec> charts, String reasonWhenEmpty) {
    return new Section(id, title, html, charts, charts.isEmpty() ? reasonWhenEmpty : null);
  }
}
