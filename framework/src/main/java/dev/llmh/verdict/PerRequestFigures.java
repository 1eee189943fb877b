package dev.llmh.verdict;

import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.stats.MetricSample;
import java.util.List;
import java.util.Map;

/**
 * Findings whose figures are per-request distributions of metrics of their own (the server's timing,
 * the network's phases): a budget on one is judged as the core judges a request's latency, on the
 * order-statistic bounds of its values; with no values it is INCONCLUSIVE with the reason, never a
 * PASS on a zero.
 */
public interface PerRequestFigures extends Findings {
  /** The metrics these findings judge. */
  List<Metric> metrics();

  /** Each measured metric's per-request values. */
  Map<Metric, MetricSample> samples();

  /** Why each metric without values has none. */
  Map<Metric, String> notMeasured();

  /** The run's level, which the intervals and an undecided budget's advice are at. */
  double confidence();

  @Override
  default boolean judges(Metric metric) {
    return metrics().contains(metric);
  }

  @Override
  default ConstraintResult judge(ConstraintExpression constraint, double alpha) {
    MetricSample sample = samples().get(constraint.metric());
    if (sample == null) {
      return Judge.judgeFigure(constraint, null, notMeasured().get(constraint.metric()), "");
    }
    return Judge.judge(constraint, Map.of(constraint.metric(), sample), confidence(), alpha);
  }
}
