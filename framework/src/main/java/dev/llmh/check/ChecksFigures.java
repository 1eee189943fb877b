package dev.llmh.check;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ChecksRecord;
import dev.llmh.result.Section;
import java.util.List;
import java.util.Locale;

/** A case's checks line: the checks, how many answers passed, and the success rate with its interval. */
public final class ChecksFigures extends FigureSource.OfSection<ChecksRecord> {
  public ChecksFigures() {
    super(Section.CHECKS);
  }

  /**
   * {@code ExpectJson, cites: 18 of 20 passed (ExpectJson failed 2); success rate 90.0% [68.3, 98.8]};
   * nothing when no check is declared.
   */
  @Override
  protected List<Figure> figures(ChecksRecord checks, CaseResult result) {
    String names = String.join(", ", checks.names()) + ": ";
    if (checks.notMeasured() != null) {
      return List.of(new Figure("checks", names + "not measured: " + checks.notMeasured(), List.of(Value.missing(
          "checks.success_rate", Metric.SUCCESS_RATE, "success rate", Unit.PERCENT, checks.notMeasured()))));
    }
    List<String> failed = checks.failed().entrySet().stream().filter(e -> e.getValue() > 0)
        .map(e -> e.getKey() + " failed " + e.getValue()).toList();
    String text = names + String.format(Locale.ROOT, "%d of %d passed%s; success rate %.1f%% [%.1f, %.1f]",
        checks.passed(), checks.counted(), failed.isEmpty() ? "" : " (" + String.join(", ", failed) + ")",
        checks.successRate(), checks.successRateCi().get(0), checks.successRateCi().get(1));
    return List.of(new Figure("checks", text, List.of(Value.measured("checks.success_rate", Metric.SUCCESS_RATE,
        "success rate", checks.successRate(), Unit.PERCENT, checks.successRateCi()))));
  }
}
