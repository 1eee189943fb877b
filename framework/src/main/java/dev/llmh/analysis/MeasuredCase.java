package dev.llmh.analysis;

import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.stats.MetricSample;
import java.util.List;
import java.util.Map;

/**
 * A case's measured requests and what every case's analysis makes of them, before any feature
 * adds its own: the inputs a feature's figures are computed from.
 *
 * @param measured every measured request, failed or not, in request order
 * @param metrics each measured request's metrics, in the same order
 * @param turns each request's turn within its conversation, or null for single requests
 * @param distributions per-request (or pooled) values by metric; a null value is unknown
 * @param figures the per-case figures every case has (throughput, request rate, error rate)
 */
public record MeasuredCase(
    List<RequestSample> measured, List<RequestMetrics> metrics, List<Integer> turns, CaseCounts counts,
    Map<Metric, MetricSample> distributions, Map<Metric, Double> figures) {

  public MeasuredCase {
    measured = List.copyOf(measured);
    metrics = List.copyOf(metrics);
  }

  /** Whether each measured request succeeded, in request order. */
  public List<Boolean> succeeded() {
    return measured.stream().map(RequestSample::succeeded).toList();
  }

  /** The positions of the counted requests — succeeded, no model load — which every statistic is over. */
  public List<Integer> counted() {
    return java.util.stream.IntStream.range(0, measured.size())
        .filter(i -> measured.get(i).succeeded() && !metrics.get(i).caveats().modelLoad()).boxed().toList();
  }

  /** A statistic of a distribution, or null when it has no values. */
  public Double statistic(Metric metric, dev.llmh.constraint.Stat stat) {
    MetricSample sample = distributions.get(metric);
    return sample == null || sample.values().length == 0 ? null : sample.summary().get(stat);
  }
}
