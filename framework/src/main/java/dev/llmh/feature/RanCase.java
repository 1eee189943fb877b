package dev.llmh.feature;

import dev.llmh.measure.Answered;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.verdict.CaseAnalysis;
import java.util.List;

/**
 * A case that ran, as the run's features see it after its measurement: its record, the analysis the
 * record was written from, and each measured request's prompt and answer.
 *
 * @param answered in the order of the record's samples
 */
public record RanCase(CasePlan plan, CaseResult result, CaseAnalysis analysis, List<Answered> answered) {
  public RanCase {
    answered = answered == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(answered));
  }

  /** This case with its record and analysis rewritten (a judged case's). */
  public RanCase with(CaseResult amended, CaseAnalysis reanalysed) {
    return new RanCase(plan, amended, reanalysed, answered);
  }
}
