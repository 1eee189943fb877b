package dev.llmh.compare;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Stat;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.PreparedCase;
import dev.llmh.feature.RunServices;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CompareRecord;
import dev.llmh.result.Section;
import dev.llmh.stats.Summary;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Findings;
import dev.llmh.verdict.Judge;

/**
 * The distribution comparison against a reference model ({@code @Compare}): asked before the
 * warm-up, so that neither the reference's load nor its requests fall in a measured phase; the
 * record's {@code compare}, and the budgets on {@code kl_divergence} and {@code top1_agreement}.
 */
public record CompareFeature(CaseComparison comparisons) implements CaseFeature {
  /** Comparisons measured once are reused by the run's later cases that ask the same questions. */
  public static final class Provider implements CaseFeature.Provider {
    @Override
    public CaseFeature open(RunServices run) {
      return new CompareFeature(new CaseComparison(run.config().compare()));
    }
  }

  @Override
  public Part<Found> part(CasePlan plan) {
    return new ComparePart(comparisons);
  }

  /**
   * What the comparison found, or null when the case declares none. Its budgets are judged on the
   * observed figure, since the positions of one greedy text follow from each other and are no
   * independent sample an interval could rest on; INCONCLUSIVE with the reason when the servers
   * gave no log-probabilities, never a PASS on a figure that was not measured.
   */
  public record Found(CompareFigures compare) implements Findings {
    @Override
    public boolean judges(Metric metric) {
      return metric.compared();
    }

    @Override
    public ConstraintResult judge(ConstraintExpression constraint, double alpha) {
      if (compare == null) {
        return Judge.judgeFigure(constraint, null, "no reference model to compare with (@Compare or llmh.compare.reference)", "");
      }
      String of = " over " + compare.positions() + " positions against " + compare.against().reference();
      if (constraint.metric() == Metric.TOP1_AGREEMENT) {
        return Judge.judgeFigure(constraint, compare.top1Agreement(), compare.notMeasured(), of);
      }
      Double value = compare.kl() == null || compare.kl().length == 0 ? null : Summary.of(compare.kl()).get(constraint.stat());
      return Judge.judgeFigure(constraint, value, compare.notMeasured(), of);
    }
  }

  private static final class ComparePart implements Part<Found> {
    private final CaseComparison comparisons;
    private CompareFigures compare;

    ComparePart(CaseComparison comparisons) {
      this.comparisons = comparisons;
    }

    @Override
    public void prepare(PreparedCase c) throws InterruptedException, Refused {
      try {
        compare = comparisons.run(c.plan(), c.endpoint(), c.model(), c.prompt(), c.deadline());
      } catch (IllegalArgumentException e) {
        throw new Refused(e.getMessage());
      }
    }

    @Override
    public Found findings(MeasuredCase measured) {
      return new Found(compare);
    }

    @Override
    public void record(Found found, CaseResult.Builder record) {
      CompareFigures f = found.compare();
      if (f == null) {
        return;
      }
      CompareFigures.Calibration calibration = f.calibration();
      CompareRecord.KlSummary kl = null;
      if (f.kl() != null && f.kl().length > 0) {
        Summary s = Summary.of(f.kl());
        java.util.List<Double> ci = calibration == null || calibration.klMeanCi().lower() == null ? null
            : java.util.List.of(calibration.klMeanCi().lower(), calibration.klMeanCi().upper());
        kl = new CompareRecord.KlSummary(s.get(Stat.MEAN), s.get(Stat.P50), s.get(Stat.P90), s.get(Stat.P99), s.get(Stat.MAX), ci);
      }
      record.section(Section.COMPARE, new CompareRecord(f.against().reference(), f.against().endpoint(), f.against().topK(), f.positions(),
          f.forced(), kl, f.top1Agreement(), f.candidatePerplexity(), f.referencePerplexity(),
          calibration == null ? CompareRecord.METHOD : CompareRecord.METHOD_TEXT,
          calibration == null ? null : new CompareRecord.Calibration(calibration.text(), calibration.paragraphs()), f.notMeasured()));
    }
  }
}
