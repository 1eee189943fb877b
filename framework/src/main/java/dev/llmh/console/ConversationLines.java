package dev.llmh.console;

import dev.llmh.analysis.ConversationResult;
import dev.llmh.analysis.ConversationResult.ContextFit;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.stats.LinearFit;
import java.util.Locale;

/**
 * A conversation case's lines in its console block: the conversations, a row per turn and the fit of
 * TPOT against context. The Markdown report reads the fit through {@link #fit}, so both say it alike.
 */
public final class ConversationLines {
  private ConversationLines() {}

  static void append(StringBuilder out, CaseResult result) {
    ConversationResult.Counts counts = result.section(Section.CONVERSATION);
    if (counts == null) {
      return;
    }
    out.append(String.format(Locale.ROOT,
        "  conversations %d of %d turns (%d completed, %d ended by a failed turn); the rows above pool every turn%n",
        counts.measured(), counts.turns(), counts.completed(), counts.failed()));
    out.append(String.format(Locale.ROOT, "  %-6s %5s %10s %9s %9s%n", "turn", "n", "prompt tok", "TTFT p50", "TPOT p50"));
    out.append(String.format(Locale.ROOT, "  %-6s %5s %10s %9s %9s%n", "", "", "", "ms", "ms"));
    for (ConversationResult.Turn turn : result.section(Section.TURNS)) {
      out.append(String.format(Locale.ROOT, "  %-6d %5d %10s %9s %9s%n", turn.turn(), turn.n(),
          ConsoleSummary.number(turn.promptTokensP50()), ConsoleSummary.number(turn.ttftMsP50()), ConsoleSummary.number(turn.tpotMsP50())));
    }
    out.append("  ").append(fit(result.section(Section.CONTEXT_FIT))).append('\n');
  }

  /**
   * {@code decode vs context: TPOT = 5.01 ms + 0.0201 ms/token × context [0.0195, 0.0207] (R² 0.98, 40 turns)};
   * a low R² is said to be no line rather than read as a rate.
   */
  public static String fit(ContextFit fit) {
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
