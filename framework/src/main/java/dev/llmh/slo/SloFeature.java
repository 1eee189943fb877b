package dev.llmh.slo;

import dev.llmh.analysis.CaseCounts;
import dev.llmh.analysis.MeasuredCase;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.feature.CaseFeature;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.result.SloRecord;
import dev.llmh.runner.SloDeclaration;
import dev.llmh.stats.Interval;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Findings;
import dev.llmh.verdict.ProportionJudge;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Goodput and SLO attainment ({@code @Slo}): which measured requests met every target, per second
 * and as a share, with their intervals; the record's {@code slo}.
 */
public final class SloFeature implements CaseFeature.Stateless {
  @Override
  public Part<Found> part(CasePlan plan) {
    return new SloPart(plan.slo(), plan.verdicts().confidence());
  }

  /** What the {@code @Slo} made of a case: its good requests over the measured phase. */
  public record Found(GoodRequests good, CaseCounts counts) implements Findings {
    /** @param slo the targets, or null when none is declared */
    public static Found of(SloDeclaration slo, MeasuredCase measured) {
      return new Found(GoodRequests.of(slo, measured.metrics(), measured.succeeded()), measured.counts());
    }

    @Override
    public Map<Metric, Double> figures() {
      Map<Metric, Double> figures = new EnumMap<>(Metric.class);
      figures.put(Metric.GOODPUT, good.goodput(counts.wallMs()));
      figures.put(Metric.SLO_ATTAINMENT, good.attainmentPercent());
      return figures;
    }

    @Override
    public boolean judges(Metric metric) {
      return metric == Metric.GOODPUT || metric == Metric.SLO_ATTAINMENT;
    }

    @Override
    public ConstraintResult judge(ConstraintExpression constraint, double alpha) {
      if (constraint.metric() == Metric.SLO_ATTAINMENT) {
        return ProportionJudge.judge(constraint, good.proportion(), 100, good.notMeasured(), alpha);
      }
      // goodput = attainment × counted requests / window: the same bounds, scaled
      String notMeasured = good.notMeasured() != null ? good.notMeasured() : counts.wallMs() > 0 ? null : "no time elapsed";
      double scale = counts.wallMs() > 0 ? good.counted() / (counts.wallMs() / 1000) : Double.NaN;
      return ProportionJudge.judge(constraint, good.proportion(), scale, notMeasured, alpha);
    }
  }

  private record SloPart(SloDeclaration slo, double confidence) implements Part<Found> {
    @Override
    public Found findings(MeasuredCase measured) {
      return Found.of(slo, measured);
    }

    /** Goodput and attainment with their two-sided intervals at the run's confidence, or why they are not measured. */
    @Override
    public void record(Found found, CaseResult.Builder record) {
      GoodRequests good = found.good();
      SloRecord.Targets targets = slo == null ? null
          : new SloRecord.Targets(finite(slo.ttftMs()), finite(slo.tpotMs()), finite(slo.e2eMs()));
      Map<Metric, Double> figures = found.figures();
      Double goodput = figures.get(Metric.GOODPUT);
      Double attainment = figures.get(Metric.SLO_ATTAINMENT);
      if (attainment == null) {
        // without an @Slo nothing was counted: no count, rather than a count of 0
        record.section(Section.SLO, new SloRecord(targets, slo == null ? null : good.counted(), slo == null ? null : good.good(),
            null, null, null, null, good.notMeasured() != null ? good.notMeasured() : "no time elapsed in the measured phase"));
        return;
      }
      Interval p = good.proportion().bounds((1 - confidence) / 2);
      double perSecond = goodput == null ? Double.NaN : good.counted() / (found.counts().wallMs() / 1000);
      record.section(Section.SLO, new SloRecord(targets, good.counted(), good.good(), goodput,
          goodput == null ? null : List.of(p.lower() * perSecond, p.upper() * perSecond), attainment,
          List.of(p.lower() * 100, p.upper() * 100), null));
    }

    private static Double finite(double value) {
      return Double.isNaN(value) ? null : value;
    }
  }
}
