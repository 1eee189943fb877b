package dev.llmh.calibration;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.synthetic.CalibrationRecord;
import java.util.List;
import java.util.Locale;

/**
 * A synthetic prompt's line: its target as the server counts it and how calibration reached it;
 * nothing for a written prompt. (Prompts the server truncated are a reason of the verdict, which
 * every output states as such.)
 */
public final class PromptFigures implements FigureSource {
  @Override
  public List<Figure> figures(CaseResult result) {
    CalibrationRecord calibration = result.section(Section.CALIBRATION);
    if (calibration == null || calibration.error() != null) {
      return List.of();
    }
    int requests = calibration.requests().size();
    return List.of(new Figure("prompt", String.format(Locale.ROOT, "%,d tokens ± %d as the server counts them: %,d filler words"
        + " counted %,d (%d unmeasured calibration request%s)", calibration.target(), calibration.tolerance(),
        calibration.words(), calibration.promptTokens(), requests, requests == 1 ? "" : "s"),
        List.of(Value.measured("calibration.prompt_tokens", null, "calibrated prompt tokens",
            calibration.promptTokens().doubleValue(), Unit.COUNT, null))));
  }
}
