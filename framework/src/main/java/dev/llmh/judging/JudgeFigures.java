package dev.llmh.judging;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.judge.JudgeRecord;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import java.util.List;
import java.util.Locale;

/** The judge line of a judged case: the score with its interval, the judge's failures by kind. */
public final class JudgeFigures extends FigureSource.OfSection<JudgeRecord> {
  public JudgeFigures() {
    super(Section.JUDGE);
  }

  @Override
  protected List<Figure> figures(JudgeRecord j, CaseResult result) {
    boolean scored = j.judgeScore() != null;
    boolean interval = j.judgeScoreCi() != null && j.judgeScoreCi().get(0) != null;
    StringBuilder text = new StringBuilder(!scored ? "judge_score not measured (" + j.notMeasured() + ")"
        : String.format(Locale.ROOT, "judge_score %.2f", j.judgeScore()) + (!interval ? ""
            : String.format(Locale.ROOT, " [%.2f, %.2f]", j.judgeScoreCi().get(0), j.judgeScoreCi().get(1))));
    text.append(" over ").append(j.scored()).append(" scored; ").append(j.failures()).append(" judge failure")
        .append(j.failures() == 1 ? "" : "s");
    if (!j.failureReasons().isEmpty()) {
      text.append(" (");
      j.failureReasons().forEach((reason, n) -> text.append(n).append(' ').append(reason).append(", "));
      text.setLength(text.length() - 2);
      text.append(')');
    }
    Value score = scored
        ? Value.measured("judge.judge_score", Metric.JUDGE_SCORE, "judge score", j.judgeScore(), Unit.SCORE,
            interval ? j.judgeScoreCi() : null)
        : Value.missing("judge.judge_score", Metric.JUDGE_SCORE, "judge score", Unit.SCORE, j.notMeasured());
    return List.of(new Figure("judge", text.toString(), List.of(score)));
  }
}
