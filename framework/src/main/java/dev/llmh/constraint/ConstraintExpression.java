package dev.llmh.constraint;

import java.util.Optional;

/**
 * A parsed constraint: {@code metric[.stat] [regression] op quantity}.
 *
 * @param source the text as the user wrote it
 * @param stat the statistic, or null for a scalar metric
 * @param regression true for a comparison against a stored baseline (relative change in %)
 */
public record ConstraintExpression(
    String source, Metric metric, Stat stat, boolean regression, Comparison comparison, Quantity budget) {

  /** {@code ttft.p95}, or {@code error_rate} for a scalar. */
  public String subject() {
    return stat == null ? metric.key() : metric.key() + "." + stat.key();
  }

  /**
   * Why this constraint cannot be judged yet, if it cannot: the grammar is complete, the metrics
   * are not. The annotation processor reports this as a compile error.
   */
  public Optional<String> unsupportedReason() {
    if (!metric.isImplemented()) {
      return Optional.of(
          "metric '" + metric.key() + "' is not implemented yet; implemented metrics: "
              + Metric.implementedKeys());
    }
    if (regression) {
      return Optional.of(
          "regression constraints are not implemented yet (they need stored baselines); "
              + "write an absolute budget such as '" + subject() + " < 2s'");
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return source;
  }
}
