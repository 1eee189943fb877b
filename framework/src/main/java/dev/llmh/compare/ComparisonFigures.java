package dev.llmh.compare;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CompareRecord;
import dev.llmh.result.Section;
import java.util.List;
import java.util.Locale;

/**
 * A case's distribution comparison, e.g. {@code against small: kl_divergence mean 0.0123 p99 0.0810
 * max 0.1502 nats over 32 positions (4 teacher-forced); top1_agreement 96.9%; perplexity 3.41 (reference 3.38)},
 * or over a calibration text {@code kl_divergence mean 0.0123 [0.0101, 0.0150] … over 1840 positions (of
 * calibration.txt, 40 paragraphs) …}, with the mean's interval.
 */
public final class ComparisonFigures extends FigureSource.OfSection<CompareRecord> {
  public ComparisonFigures() {
    super(Section.COMPARE);
  }

  @Override
  protected List<Figure> figures(CompareRecord compare, CaseResult result) {
    String against = "against " + compare.reference() + ": ";
    if (compare.notMeasured() != null) {
      return List.of(new Figure("compare", against + "kl_divergence and top1_agreement not measured: " + compare.notMeasured(),
          List.of(Value.missing("compare.kl_divergence.mean", Metric.KL_DIVERGENCE, "kl divergence, mean", Unit.NATS,
              compare.notMeasured()), Value.missing("compare.top1_agreement", null, "top-1 agreement", Unit.PERCENT,
              compare.notMeasured()))));
    }
    CompareRecord.KlSummary kl = compare.klDivergence();
    String interval = kl.meanCi() == null ? "" : String.format(Locale.ROOT, " [%.4g, %.4g]", kl.meanCi().get(0), kl.meanCi().get(1));
    String over = compare.calibration() == null ? compare.teacherForced() + " teacher-forced"
        : "of " + compare.calibration().text() + ", " + compare.calibration().paragraphs() + " paragraphs";
    String text = against + String.format(Locale.ROOT,
        "kl_divergence mean %.4g%s p99 %.4g max %.4g nats over %d positions (%s); top1_agreement %.1f%%;"
            + " perplexity %.4g (reference %.4g)",
        kl.mean(), interval, kl.p99(), kl.max(), compare.positions(), over, compare.top1Agreement(),
        compare.candidatePerplexity(), compare.referencePerplexity());
    return List.of(new Figure("compare", text, List.of(
        Value.measured("compare.kl_divergence.mean", Metric.KL_DIVERGENCE, "kl divergence, mean", kl.mean(), Unit.NATS, null),
        Value.measured("compare.kl_divergence.p99", Metric.KL_DIVERGENCE, "kl divergence, p99", kl.p99(), Unit.NATS, null),
        Value.measured("compare.top1_agreement", null, "top-1 agreement", compare.top1Agreement(), Unit.PERCENT, null),
        Value.measured("compare.candidate_perplexity", null, "perplexity", compare.candidatePerplexity(), Unit.SCORE, null))));
  }
}
