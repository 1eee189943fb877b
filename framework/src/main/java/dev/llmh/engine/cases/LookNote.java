package dev.llmh.engine.cases;

import dev.llmh.plan.Looks;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.CaseVerdict;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The warning an adaptive measurement leaves on its case: how many requests, at which planned look
 * it stopped, and why — every budget decided, or the ceiling reached with which budgets decided and
 * which not. It never says "decided" of a budget that is INCONCLUSIVE.
 */
final class LookNote {
  private LookNote() {}

  /**
   * @param units the measured units so far
   * @param what "requests" or "conversations"
   * @param look the look it stopped at, from 0
   */
  static String of(int units, String what, Looks looks, int look, CaseAnalysis analysis) {
    return "adaptive measurement: " + units + " " + what + " (planned looks " + looks.points() + ", stopped at look "
        + (look + 1) + ", " + why(analysis) + "); each look's bounds at "
        + String.format(Locale.ROOT, "%.4g", 1 - looks.alphaPerLook()) + " (Bonferroni over " + looks.points().size()
        + " looks)";
  }

  private static String why(CaseAnalysis analysis) {
    List<ConstraintResult> undecided = analysis.constraints().stream()
        .filter(c -> c.verdict() == Verdict.INCONCLUSIVE).toList();
    if (!analysis.settled()) {
      List<ConstraintResult> decided = analysis.constraints().stream()
          .filter(c -> c.verdict() != Verdict.INCONCLUSIVE).toList();
      return "maxRequests reached; " + (decided.isEmpty() ? "no constraint decided" : "decided: " + list(decided, true))
          + (undecided.isEmpty() ? "" : "; undecided: " + list(undecided, false));
    }
    if (analysis.verdict() == CaseVerdict.NOT_RUN || analysis.verdict() == CaseVerdict.ERROR) {
      return "no more requests can decide a case that is " + analysis.verdict();
    }
    return undecided.isEmpty() ? "every constraint decided"
        : "every constraint on the requests decided; undecided, not measured by requests: " + list(undecided, false);
  }

  private static String list(List<ConstraintResult> constraints, boolean withVerdict) {
    return constraints.stream().map(c -> c.expression().subject() + (withVerdict ? " " + c.verdict() : ""))
        .collect(Collectors.joining(", "));
  }
}
