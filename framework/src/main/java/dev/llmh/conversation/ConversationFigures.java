package dev.llmh.conversation;

import dev.llmh.analysis.ConversationResult;
import dev.llmh.analysis.ConversationResult.ContextFit;
import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.stats.LinearFit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A conversation case's lines: the conversations, a line per turn, and the fit of TPOT against
 * context; nothing for a case of single requests.
 */
public final class ConversationFigures extends FigureSource.OfSection<ConversationResult.Counts> {
  public ConversationFigures() {
    super(Section.CONVERSATION);
  }

  @Override
  protected List<Figure> figures(ConversationResult.Counts counts, CaseResult result) {
    List<Figure> figures = new ArrayList<>();
    figures.add(new Figure("conversations", String.format(Locale.ROOT,
        "%d of %d turns (%d completed, %d ended by a failed turn); the latency rows pool every turn", counts.measured(),
        counts.turns(), counts.completed(), counts.failed()), List.of(
            Value.measured("conversation.completed", null, "conversations completed", (double) counts.completed(), Unit.COUNT, null),
            Value.measured("conversation.failed", null, "conversations ended by a failed turn", (double) counts.failed(),
                Unit.COUNT, null))));
    List<ConversationResult.Turn> turns = result.section(Section.TURNS);
    for (int i = 0; turns != null && i < turns.size(); i++) {
      figures.add(turn(i, turns.get(i)));
    }
    ContextFit fit = result.section(Section.CONTEXT_FIT);
    if (fit != null) {
      figures.add(new Figure("fit", fit(fit), fit.notMeasured() != null || fit.r2() < LinearFit.LINEAR_R2 ? List.of()
          : List.of(Value.measured("context_fit.slope_ms_per_token", null, "TPOT slope per context token", fit.slopeMsPerToken(),
              Unit.MILLISECONDS, fit.ci()))));
    }
    return figures;
  }

  /** {@code 6 requests, prompt 108 tok, TTFT p50 6.98 ms, TPOT p50 7.20 ms}. */
  private static Figure turn(int index, ConversationResult.Turn turn) {
    String key = "turns[" + index + "].";
    return new Figure("turn " + turn.turn(), String.format(Locale.ROOT, "%d requests, prompt %s tok, TTFT p50 %s ms, TPOT p50 %s ms",
        turn.n(), number(turn.promptTokensP50()), number(turn.ttftMsP50()), number(turn.tpotMsP50())), List.of(
            Value.measured(key + "prompt_tokens_p50", null, "turn " + turn.turn() + " prompt tokens p50", turn.promptTokensP50(),
                Unit.COUNT, null),
            Value.measured(key + "ttft_ms_p50", null, "turn " + turn.turn() + " ttft p50", turn.ttftMsP50(), Unit.MILLISECONDS, null),
            Value.measured(key + "tpot_ms_p50", null, "turn " + turn.turn() + " tpot p50", turn.tpotMsP50(), Unit.MILLISECONDS, null)));
  }

  private static String number(Double value) {
    return value == null ? "-" : Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.2f", value);
  }

  /**
   * {@code decode vs context: TPOT = 5.01 ms + 0.0201 ms/token × context [0.0195, 0.0207] (R² 0.98, 40 turns)};
   * a low R² is said to be no line rather than read as a rate.
   */
  static String fit(ContextFit fit) {
    if (fit.notMeasured() != null) {
      return "decode vs context: not measured: " + fit.notMeasured();
    }
    if (fit.r2() < LinearFit.LINEAR_R2) {
      return String.format(Locale.ROOT, "decode vs context: no line (R² %.2f over %d turns): TPOT does not follow the context"
          + " linearly here (queueing, a cache, noise larger than the effect); slope %.4g ms/token is no rate", fit.r2(), fit.n(),
          fit.slopeMsPerToken());
    }
    return String.format(Locale.ROOT, "decode vs context: TPOT = %.2f ms + %.4g ms/token × context [%.4g, %.4g] (R² %.3f, %d turns)",
        fit.interceptMs(), fit.slopeMsPerToken(), fit.ci().get(0), fit.ci().get(1), fit.r2(), fit.n());
  }
}
