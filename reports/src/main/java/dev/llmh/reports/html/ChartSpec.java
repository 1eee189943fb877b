package dev.llmh.reports.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One chart as the page's script draws it: the data is computed here, the script only maps it onto
 * the chart library, so what a chart shows is testable without a browser.
 *
 * @param kind {@code xy} (value axes), {@code bar} (categories on x) or {@code timeline} (one row per request)
 * @param xLog whether x is drawn on a log scale
 * @param y2Name the right axis's name, null without one
 * @param categories the x categories of a {@code bar} chart
 * @param markX an x to mark with a vertical line (the knee), null for none
 * @param markLabel the mark's label
 * @param note a line under the chart: the fit, or what is missing from it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChartSpec(
    String id, String title, String kind, String xName, boolean xLog, String yName, String y2Name,
    List<String> categories, List<Series> series, Double markX, String markLabel, String note) {

  public ChartSpec {
    series = List.copyOf(series);
  }

  /**
   * One series.
   *
   * @param type {@code line}, {@code step} (a line drawn as steps), {@code scatter}, {@code bar} or
   *     {@code segment} (one horizontal stroke per point, {@code [x1, y, x2]})
   * @param yAxis 0 for the left axis, 1 for the right
   * @param data the points, each {@code [x, y]} or a segment's {@code [x1, y, x2]}; never a null coordinate
   * @param color a CSS colour, null for the library's palette
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Series(String name, String type, int yAxis, List<List<Object>> data, String color) {
    public Series {
      data = List.copyOf(data);
    }
  }

  /** The total number of points over all series: a chart must draw a mark for each. */
  public int points() {
    return series.stream().mapToInt(s -> s.data().size()).sum();
  }
}
