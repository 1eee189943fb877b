package dev.llmh.console;

import dev.llmh.verdict.Safeguards;
import dev.llmh.config.ConfigKey;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.verdict.Verdict;
import java.util.List;

/**
 * The run's last word on budgets nothing decided: an INCONCLUSIVE case is reported skipped by
 * default and leaves the build green, so the run ends saying how many budgets went undecided, in
 * how many cases, and what would decide each kind.
 */
final class UndecidedLine {
  private UndecidedLine() {}

  /** One line, or empty when every budget of every case that ran was decided. */
  static String of(List<CaseResult> results) {
    int budgets = 0;
    int cases = 0;
    int declared = 0;
    int implausible = 0;
    boolean green = false;
    for (CaseResult result : results) {
      if ("NOT_RUN".equals(result.verdict()) || result.constraints() == null) {
        continue; // a step past a saturation search's stop: not run, not undecided
      }
      List<ConstraintRecord> undecided = result.constraints().stream()
          .filter(c -> Verdict.INCONCLUSIVE.name().equals(c.verdict())).toList();
      if (undecided.isEmpty()) {
        continue;
      }
      cases++;
      budgets += undecided.size();
      declared += (int) undecided.stream().filter(c -> has(c, Safeguards.DECLARED)).count();
      implausible += (int) undecided.stream().filter(c -> has(c, Safeguards.IMPLAUSIBLE)).count();
      green |= !"failed".equals(result.reportedAs());
    }
    if (budgets == 0) {
      return "";
    }
    int rest = budgets - declared - implausible;
    StringBuilder line = new StringBuilder("LLMH undecided: ").append(budgets).append(budgets == 1 ? " budget" : " budgets")
        .append(" INCONCLUSIVE in ").append(cases).append(cases == 1 ? " case" : " cases").append(" (");
    String sep = "";
    if (rest > 0) {
      line.append(rest).append(rest == 1 ? " needs" : " need").append(" more requests (@Measurement(requests), or maxRequests when adaptive) or the figure"
          + " their reason names");
      sep = "; ";
    }
    if (declared > 0) {
      line.append(sep).append(declared).append(declared == 1 ? " rests" : " rest").append(" on declared figures: @Cost(trustDeclared = true) or -D")
          .append(ConfigKey.COST_TRUST_DECLARED.key()).append("=true");
      sep = "; ";
    }
    if (implausible > 0) {
      line.append(sep).append(implausible).append(implausible == 1 ? " rests" : " rest").append(" on an implausible decode rate: declare ")
          .append(ConfigKey.MODEL_BYTES.key()).append(" or ").append(ConfigKey.MEMORY_BANDWIDTH.key());
    }
    line.append(")");
    if (green) {
      line.append("; they leave the build green: -D").append(ConfigKey.INCONCLUSIVE.key()).append("=fail makes such a case fail");
    }
    return line.append('\n').toString();
  }

  private static boolean has(ConstraintRecord c, String reason) {
    return c.message() != null && c.message().contains("(" + reason);
  }
}
