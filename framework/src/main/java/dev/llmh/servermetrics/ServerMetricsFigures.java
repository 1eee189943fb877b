package dev.llmh.servermetrics;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A case's {@code server metrics} line, when the server's {@code /metrics} were looked at, e.g. {@code kv
 * cache mean 31.2% max 48.0%; waiting max 3; running max 4; preemptions 0; prefix cache hits 45.2%;
 * 9 looks at http://127.0.0.1:8000/metrics}. A server that offers none has no line: its record says
 * why, and so does the verdict of a budget on one.
 */
public final class ServerMetricsFigures extends FigureSource.OfSection<ServerMetricsRecord> {
  public ServerMetricsFigures() {
    super(ServerMetricsRecord.SECTION);
  }

  @Override
  protected List<Figure> figures(ServerMetricsRecord m, CaseResult result) {
    if (m.looks() == 0) {
      return List.of();
    }
    List<String> parts = new ArrayList<>();
    List<Value> values = new ArrayList<>();
    gauge(m, Metric.SERVER_KV_CACHE_USAGE, "kv cache", "%.1f%%", Unit.PERCENT, parts, values);
    gauge(m, Metric.SERVER_REQUESTS_WAITING, "waiting", "%.0f", Unit.COUNT, parts, values);
    gauge(m, Metric.SERVER_REQUESTS_RUNNING, "running", "%.0f", Unit.COUNT, parts, values);
    Double preempted = m.figure(Metric.SERVER_PREEMPTIONS, null);
    if (preempted != null) {
      parts.add(String.format(Locale.ROOT, "preemptions %.0f", preempted));
      values.add(Value.measured("server_metrics.server_preemptions", Metric.SERVER_PREEMPTIONS, "preemptions", preempted, Unit.COUNT, null));
    }
    Double hits = m.figure(Metric.SERVER_PREFIX_CACHE_HIT_RATE, null);
    if (hits != null) {
      parts.add(String.format(Locale.ROOT, "prefix cache hits %.1f%%", hits));
      values.add(Value.measured("server_metrics.server_prefix_cache_hit_rate", Metric.SERVER_PREFIX_CACHE_HIT_RATE,
          "prefix cache hits", hits, Unit.PERCENT, null));
    }
    histogram(m, Metric.SERVER_QUEUE, "queue", parts, values);
    histogram(m, Metric.SERVER_PREFILL, "prefill", parts, values);
    Double accepted = m.figure(Metric.SERVER_DRAFT_ACCEPTANCE_RATE, null);
    Double length = m.figure(Metric.SERVER_MEAN_ACCEPTANCE_LENGTH, null);
    if (accepted != null && length != null) {
      parts.add(String.format(Locale.ROOT, "drafts accepted %.1f%% (%.2f tokens a step)", accepted, length));
      values.add(Value.measured("server_metrics.server_draft_acceptance_rate", Metric.SERVER_DRAFT_ACCEPTANCE_RATE,
          "draft acceptance", accepted, Unit.PERCENT, null));
    }
    parts.add(m.looks() + " looks at " + m.source());
    return List.of(new Figure("server metrics", String.join("; ", parts), values));
  }

  /** A histogram figure's mean and p95, in ms, as the server's buckets give them. */
  private static void histogram(ServerMetricsRecord m, Metric metric, String words, List<String> parts, List<Value> values) {
    Double mean = m.figure(metric, "mean");
    Double p95 = m.figure(metric, "p95");
    if (mean == null || p95 == null) {
      return;
    }
    parts.add(String.format(Locale.ROOT, "%s mean %.3g ms p95 %.3g ms", words, mean, p95));
    values.add(Value.measured("server_metrics." + metric.jsonName() + ".mean", metric, words + ", mean", mean, Unit.MILLISECONDS, null));
    values.add(Value.measured("server_metrics." + metric.jsonName() + ".p95", metric, words + ", p95", p95, Unit.MILLISECONDS, null));
  }

  private static void gauge(ServerMetricsRecord m, Metric metric, String words, String format, Unit unit, List<String> parts,
      List<Value> values) {
    Double mean = m.figure(metric, "mean");
    Double max = m.figure(metric, "max");
    if (mean == null || max == null) {
      return;
    }
    parts.add(words + " mean " + String.format(Locale.ROOT, format.replace(".0f", ".1f"), mean) + " max "
        + String.format(Locale.ROOT, format, max));
    values.add(Value.measured("server_metrics." + metric.jsonName() + ".mean", metric, words + ", mean", mean, unit, null));
    values.add(Value.measured("server_metrics." + metric.jsonName() + ".max", metric, words + ", max", max, unit, null));
  }
}
