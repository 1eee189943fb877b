package dev.llmh.servermetrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Stat;
import dev.llmh.result.Section;
import dev.llmh.stats.Summary;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A case's {@code server_metrics}: what the server's Prometheus {@code /metrics} said over the
 * measured phase.
 *
 * @param source the page's URL
 * @param intervalMs how often it was looked at
 * @param looks the looks the figures rest on, the first as the phase began and the last as it ended
 * @param lookMs when each look was answered, in ms after the first: the time of each value of a gauge's series
 * @param figures by metric name: a gauge's {@code min}, {@code mean}, {@code max} and {@code series}
 *     (its value at each look), a histogram's {@code count} and, in ms, {@code mean}, {@code p50},
 *     {@code p90}, {@code p95}, {@code p99}, a counter's figure over the phase
 * @param notMeasured why a figure is absent, by its name
 * @param families every family the server exposed, each series under its own name ({@link Families})
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ServerMetricsRecord(
    String source, long intervalMs, int looks, List<Double> lookMs, Map<String, Object> figures, Map<String, String> notMeasured,
    Map<String, Map<String, Map<String, Double>>> families) {

  public static final Section<ServerMetricsRecord> SECTION = Section.optional("server_metrics", ServerMetricsRecord.class);

  static ServerMetricsRecord of(ServerMetrics m) {
    Map<String, Object> figures = new LinkedHashMap<>();
    Map<String, String> notMeasured = new LinkedHashMap<>();
    for (Metric metric : ServerMetrics.METRICS) {
      double[] series = m.series().get(metric);
      if (series != null && series.length > 0) {
        Summary s = Summary.of(series);
        Map<String, Object> gauge = new LinkedHashMap<>();
        gauge.put("min", s.get(Stat.MIN));
        gauge.put("mean", s.get(Stat.MEAN));
        gauge.put("max", s.get(Stat.MAX));
        gauge.put("series", Arrays.stream(series).boxed().toList());
        figures.put(metric.jsonName(), gauge);
      } else if (m.histograms().containsKey(metric)) {
        figures.put(metric.jsonName(), m.histograms().get(metric));
      } else if (m.figures().containsKey(metric)) {
        figures.put(metric.jsonName(), m.figures().get(metric));
      } else if (m.notMeasured().containsKey(metric)) {
        notMeasured.put(metric.jsonName(), m.notMeasured().get(metric));
      }
    }
    return new ServerMetricsRecord(m.source(), m.intervalMs(), m.looks(), m.lookMs(), figures, notMeasured, m.families());
  }

  /** A gauge figure's statistic ({@code min}, {@code mean}, {@code max}), or a counter figure; null when absent. */
  public Double figure(Metric metric, String stat) {
    Object figure = figures == null ? null : figures.get(metric.jsonName());
    if (figure instanceof Number n) {
      return n.doubleValue();
    }
    return figure instanceof Map<?, ?> gauge && gauge.get(stat) instanceof Number n ? n.doubleValue() : null;
  }

  /** A gauge figure's value at each look; empty when absent. */
  public List<Double> series(Metric metric) {
    Object figure = figures == null ? null : figures.get(metric.jsonName());
    if (figure instanceof Map<?, ?> gauge && gauge.get("series") instanceof List<?> values) {
      return values.stream().map(v -> ((Number) v).doubleValue()).toList();
    }
    return List.of();
  }
}
