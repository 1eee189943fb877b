package dev.llmh.analysis;

import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.stats.MetricSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * How each metric is computed: the other half of its declaration in {@link Metric}. Distributions
 * come from the requests that count (succeeded, no model load); per-case figures from the case's
 * counts over the measured phase.
 */
public final class MetricValues {
  private MetricValues() {}

  /** A distribution metric's values; null when they are unknown (per-token ITL without per-chunk counts). */
  public static MetricSample distribution(Metric metric, List<RequestMetrics> counted) {
    if (metric.fromSchedule() && counted.stream().allMatch(m -> Double.isNaN(m.latency().queueMs()))) {
      return null; // not sent on a schedule (closed loop): not measured, never zero
    }
    return switch (metric) {
      case TTFT -> perRequest(counted, m -> m.latency().ttftMs());
      case TTFO -> perRequest(counted, m -> m.latency().ttfoMs());
      case TPOT -> perRequest(counted, m -> m.latency().tpotMs());
      case E2E -> perRequest(counted, m -> m.latency().e2eMs());
      case QUEUE -> perRequest(counted, m -> m.latency().queueMs());
      case TTFT_FROM_SCHEDULE -> perRequest(counted, RequestMetrics::ttftFromScheduleMs);
      case E2E_FROM_SCHEDULE -> perRequest(counted, RequestMetrics::e2eFromScheduleMs);
      case OUTPUT_TOKENS -> perRequest(counted, m -> m.counts().outputTokens());
      case PROMPT_TOKENS -> perRequest(counted, m -> m.counts().promptTokens() == null ? Double.NaN : m.counts().promptTokens());
      case PREFILL_RATE -> perRequest(counted, RequestMetrics::prefillRate);
      case DECODE_RATE -> perRequest(counted, RequestMetrics::decodeRate);
      // gaps are kept per request: they are resampled by request, not treated as independent
      case ITL -> MetricSample.pooled(counted.stream().map(m -> doubles(m.latency().itlMs())).toList());
      case ITL_TOKEN -> perTokenKnown(counted)
          ? MetricSample.pooled(counted.stream().map(m -> m.latency().itlTokenMs()).filter(Objects::nonNull)
              .map(MetricValues::doubles).toList())
          : null;
      default -> throw new IllegalArgumentException(metric + " is a per-case figure, not a distribution of the requests");
    };
  }

  /** Whether {@code metric} is a per-case figure every case has, rather than a feature's. */
  public static boolean everyCase(Metric metric) {
    return metric == Metric.THROUGHPUT || metric == Metric.REQUEST_RATE || metric == Metric.ERROR_RATE;
  }

  /** A per-case figure every case has; null when the case cannot define it (nothing measured, no time elapsed). */
  public static Double figure(Metric metric, CaseCounts counts) {
    double wallSeconds = counts.wallMs() / 1000;
    boolean timed = counts.measured() > 0 && wallSeconds > 0;
    return switch (metric) {
      case THROUGHPUT -> timed ? counts.outputTokens() / wallSeconds : null;
      case REQUEST_RATE -> timed ? (counts.succeeded() - counts.modelLoad()) / wallSeconds : null;
      case ERROR_RATE -> counts.measured() == 0 ? null : 100.0 * counts.failed() / counts.measured();
      default -> throw new IllegalArgumentException(metric + " is not a figure every case has");
    };
  }

  /** Per-token gaps are known only when every counted request with a gap to split knew its chunks' tokens. */
  public static boolean perTokenKnown(List<RequestMetrics> counted) {
    return counted.stream().allMatch(m -> m.latency().itlTokenMs() != null || m.latency().itlMs().isEmpty());
  }

  private static MetricSample perRequest(List<RequestMetrics> counted, ToDoubleFunction<RequestMetrics> value) {
    List<Double> values = new ArrayList<>(counted.size());
    for (RequestMetrics m : counted) {
      values.add(value.applyAsDouble(m));
    }
    return MetricSample.perRequest(values);
  }

  private static double[] doubles(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
