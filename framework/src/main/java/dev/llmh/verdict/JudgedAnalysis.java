package dev.llmh.verdict;

import java.util.ArrayList;
import java.util.List;

/**
 * A case's analysis once the judge has scored its answers: the {@code judge_score} budgets, judged
 * after the measurement, join the others, and the verdict is decided again as {@link CaseAnalyzer}
 * decides it — a failed budget fails the case, an undecided one leaves a passing case INCONCLUSIVE —
 * while a case that timed out, did not run or broke keeps its verdict.
 */
public final class JudgedAnalysis {
  private JudgedAnalysis() {}

  public static CaseAnalysis amend(CaseAnalysis analysis, List<ConstraintResult> judged) {
    if (judged.isEmpty()) {
      return analysis;
    }
    List<ConstraintResult> constraints = new ArrayList<>(analysis.constraints());
    constraints.addAll(judged);
    CaseVerdict verdict = analysis.verdict();
    List<String> reasons = new ArrayList<>(analysis.reasons());
    List<String> failed = judged.stream().filter(r -> r.verdict() == Verdict.FAIL).map(ConstraintResult::message).toList();
    List<String> undecided =
        judged.stream().filter(r -> r.verdict() == Verdict.INCONCLUSIVE).map(ConstraintResult::message).toList();
    if (verdict == CaseVerdict.PASS || verdict == CaseVerdict.INCONCLUSIVE || verdict == CaseVerdict.FAIL) {
      if (!failed.isEmpty()) {
        // as CaseAnalyzer.decide: a failing case gives the reasons it fails, not the undecided ones
        reasons = verdict == CaseVerdict.FAIL ? reasons : new ArrayList<>();
        reasons.addAll(failed);
        verdict = CaseVerdict.FAIL;
      } else if (!undecided.isEmpty() && verdict != CaseVerdict.FAIL) {
        reasons.addAll(undecided);
        verdict = CaseVerdict.INCONCLUSIVE;
      }
    }
    return new CaseAnalysis(analysis.requests(), analysis.figures(), analysis.warnings(),
        analysis.baseline(), constraints, verdict, reasons, analysis.findings());
  }
}
