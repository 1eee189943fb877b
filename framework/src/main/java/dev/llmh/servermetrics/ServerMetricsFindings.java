package dev.llmh.servermetrics;

import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Findings;
import dev.llmh.verdict.Judge;
import java.util.Map;

/**
 * The server's own figures of a case ({@link ServerMetrics}). A gauge's statistic ({@code
 * server_kv_cache_usage.max}) is judged on its observed value, since successive looks follow one
 * another in time and no interval could rest on them; a counter's figure as it is; INCONCLUSIVE with
 * the reason when the server has no such metric, never a PASS.
 */
record ServerMetricsFindings(ServerMetrics metrics) implements Findings {
  @Override
  public Map<Metric, Double> figures() {
    return metrics.figures();
  }

  @Override
  public boolean judges(Metric metric) {
    return metric.serverMetric();
  }

  @Override
  public ConstraintResult judge(ConstraintExpression constraint, double alpha) {
    Metric metric = constraint.metric();
    String reason = metrics.notMeasured().get(metric);
    Map<String, Double> histogram = metrics.histograms().get(metric);
    if (histogram != null) {
      Double value = histogram.get(constraint.stat().key());
      return Judge.judgeFigure(constraint, value, value != null ? reason : "a histogram gives the mean and the percentiles p50,"
          + " p90, p95, p99, not " + constraint.stat().key(), String.format(java.util.Locale.ROOT,
          " over %.0f requests in the server's histogram (%s)", histogram.get("count"), metrics.source()));
    }
    if (metric.shape() != Metric.Shape.SERIES) {
      return Judge.judgeFigure(constraint, metrics.figures().get(metric), reason, " over the measured phase (" + metrics.source() + ")");
    }
    return Judge.judgeSeries(constraint, metrics.series().get(metric), reason, "looks at " + metrics.source());
  }
}
