package dev.llmh.console;

import dev.llmh.judge.JudgeRecord;
import java.util.Locale;

/** The console's judge line of a judged case: the score with its interval, the judge's failures by kind. */
final class JudgeLines {
  private JudgeLines() {}

  static void append(StringBuilder out, JudgeRecord j) {
    if (j == null) {
      return;
    }
    String score = j.judgeScore() == null ? "judge_score not measured (" + j.notMeasured() + ")"
        : String.format(Locale.ROOT, "judge_score %.2f", j.judgeScore()) + (j.judgeScoreCi() == null
            || j.judgeScoreCi().get(0) == null ? "" : String.format(Locale.ROOT, " [%.2f, %.2f]",
                j.judgeScoreCi().get(0), j.judgeScoreCi().get(1)));
    out.append("  judge: ").append(score).append(" over ").append(j.scored()).append(" scored; ")
        .append(j.failures()).append(" judge failure").append(j.failures() == 1 ? "" : "s");
    if (!j.failureReasons().isEmpty()) {
      out.append(" (");
      j.failureReasons().forEach((reason, n) -> out.append(n).append(' ').append(reason).append(", "));
      out.setLength(out.length() - 2);
      out.append(')');
    }
    out.append('\n');
  }
}
