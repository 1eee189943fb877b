package dev.llmh.slo;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.result.SloRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A case's SLO line: its targets, the good requests, goodput and attainment with their intervals. */
public final class SloFigures extends FigureSource.OfSection<SloRecord> {
  public SloFigures() {
    super(Section.SLO);
  }

  /** {@code ttft ≤ 2000 ms: 16 of 20 good; goodput 3.2 req/s [2.5, 3.7], attainment 80% [56, 94]}; nothing without an @Slo. */
  @Override
  protected List<Figure> figures(SloRecord slo, CaseResult result) {
    if (slo.targets() == null) {
      return List.of();
    }
    List<String> targets = new ArrayList<>();
    target(targets, "ttft", slo.targets().ttftMs());
    target(targets, "tpot", slo.targets().tpotMs());
    target(targets, "e2e", slo.targets().e2eMs());
    String text = String.join(", ", targets) + ": ";
    if (slo.notMeasured() != null) {
      return List.of(new Figure("slo", text + "not measured: " + slo.notMeasured(), List.of(
          Value.missing("slo.goodput", Metric.GOODPUT, "goodput", Unit.REQUESTS_PER_SECOND, slo.notMeasured()),
          Value.missing("slo.slo_attainment", Metric.SLO_ATTAINMENT, "slo attainment", Unit.PERCENT, slo.notMeasured()))));
    }
    text += String.format(Locale.ROOT, "%d of %d good; ", slo.good(), slo.counted());
    if (slo.goodput() != null) {
      text += String.format(Locale.ROOT, "goodput %.2f req/s [%.2f, %.2f], ", slo.goodput(), slo.goodputCi().get(0),
          slo.goodputCi().get(1));
    }
    text += String.format(Locale.ROOT, "attainment %.1f%% [%.1f, %.1f]", slo.sloAttainment(),
        slo.sloAttainmentCi().get(0), slo.sloAttainmentCi().get(1));
    return List.of(new Figure("slo", text, List.of(
        Value.measured("slo.goodput", Metric.GOODPUT, "goodput", slo.goodput(), Unit.REQUESTS_PER_SECOND, slo.goodputCi()),
        Value.measured("slo.slo_attainment", Metric.SLO_ATTAINMENT, "slo attainment", slo.sloAttainment(), Unit.PERCENT,
            slo.sloAttainmentCi()))));
  }

  private static void target(List<String> targets, String name, Double ms) {
    if (ms != null) {
      targets.add(name + " \u2264 " + Quantity.format(ms, Unit.MILLISECONDS));
    }
  }
}
