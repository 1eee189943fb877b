package dev.llmh.hardware;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.analysis.ResourceFigures;
import dev.llmh.analysis.ResourceInputs;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Stat;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Findings;
import dev.llmh.verdict.Judge;
import dev.llmh.verdict.Safeguards;
import java.util.List;
import java.util.Map;

/**
 * What the serving hardware's samples, and what is declared of it, made of a case.
 *
 * @param inputs what was sampled, declared and looked up
 * @param hardware the figures, or why each is not measured
 * @param safeguards what the figures cannot vouch for (declared inputs, an implausible decode rate), settled once
 */
public record HardwareFindings(ResourceInputs inputs, ResourceFigures hardware, Safeguards safeguards) implements Findings {

  public static HardwareFindings of(ResourceInputs inputs, MeasuredCase measured) {
    ResourceFigures hardware = ResourceFigures.of(inputs, measured.figures().get(Metric.THROUGHPUT),
        measured.counts().outputTokens(), measured.statistic(Metric.DECODE_RATE, Stat.P50));
    return new HardwareFindings(inputs, hardware, Safeguards.of(inputs, hardware));
  }

  @Override
  public Map<Metric, Double> figures() {
    return hardware.figures();
  }

  @Override
  public boolean judges(Metric metric) {
    return metric.resource();
  }

  /**
   * A per-case figure as it is, a sampled series by its observed statistic (its samples follow one
   * another in time, so no interval); INCONCLUSIVE with the reason when the figure could not be
   * measured for this endpoint, never a PASS. A figure from declared inputs says so beside it.
   */
  @Override
  public ConstraintResult judge(ConstraintExpression constraint, double alpha) {
    Metric metric = constraint.metric();
    String reason = hardware.notMeasured().get(metric);
    if (metric.shape() != Metric.Shape.SERIES) {
      return Judge.judgeFigure(constraint, hardware.figures().get(metric), reason, safeguards.declaredMark(metric));
    }
    return Judge.judgeSeries(constraint, hardware.series().get(metric), reason, "samples");
  }

  @Override
  public List<String> warnings() {
    String physics = Safeguards.warning(hardware.physics());
    return physics == null ? List.of() : List.of(physics);
  }

  @Override
  public ConstraintResult safeguard(ConstraintResult result) {
    return safeguards.apply(result);
  }
}
