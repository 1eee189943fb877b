package dev.llmh.engine.cases;

import dev.llmh.baseline.Baselines;
import dev.llmh.baseline.CaseKey;
import dev.llmh.endpoint.EmbeddedModels;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.EndpointKind;
import dev.llmh.feature.CaseFeature;
import dev.llmh.load.PromptMarker;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.CaseAnalyzer;
import dev.llmh.verdict.CaseVerdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A case's record and the analysis it was written from, and how a case's measured requests become
 * both: analysed by {@link CaseAnalyzer}, written down by {@link CaseRecords}.
 *
 * @param answered each measured request's prompt and whole answer, in the order of the record's
 *     samples, for a judged case ({@code @Judge}); empty otherwise
 */
public record CaseOutcome(CaseResult result, CaseAnalysis analysis, List<dev.llmh.measure.Answered> answered) {

  public CaseOutcome {
    answered = answered == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(answered));
  }
  /** This outcome with its requests' prompts and answers, for the judge. */
  CaseOutcome withAnswered(List<dev.llmh.measure.Answered> requests) {
    return new CaseOutcome(result, analysis, requests);
  }

  /**
   * The record of a case the run was stopped in: what finished of it, judged as it stands, with a
   * warning saying how much is missing. The endpoint is not asked anything again: the features'
   * parts are new and never prepared, so what they would have sampled or asked is not measured.
   */
  public static CaseResult cutShort(CasePlan plan, List<RequestSample> finished, List<CaseFeature> features) {
    List<String> warnings = List.of("run stopped during this case: " + finished.size() + " of " + plan.requests().measuredRequests()
        + " measured requests had finished; the figures and verdicts are of those");
    List<RequestSample> ordered = new ArrayList<>(finished);
    ordered.sort(Comparator.comparingLong(x -> x.timing().startNanos()));
    int inFlight = Math.min(plan.requests().concurrency(), plan.requests().measuredRequests()); // the first look's: where a run is cut short
    // The turn indices of a conversation cut short are not known here: its requests are recorded without them.
    return analysed(new CaseBasis(plan, null, 0, null, Baselines.NONE, CaseParts.of(features, plan)),
        new Look(ordered, null, inFlight, warnings, 1 - plan.verdicts().confidence(), null, null)).result();
  }

  /** A case's requests at {@code look}, analysed and written down. */
  static CaseOutcome analysed(CaseBasis basis, Look look) {
    CasePlan plan = basis.plan();
    List<RequestSample> measured = look.measured();
    // On a schedule, times count from the first scheduled send, so that start_ms − scheduled_ms is the queue.
    long firstStart = measured.stream().map(RequestSample::timing)
        .mapToLong(t -> t.scheduledNanos() != null ? t.scheduledNanos() : t.startNanos()).min().orElse(0);
    List<SampleRecord> records = new ArrayList<>(measured.size());
    for (int i = 0; i < measured.size(); i++) {
      RequestSample s = measured.get(i);
      records.add(CaseRecords.sampleRecord(s, RequestMetrics.of(s), firstStart, basis.parts().flags(s),
          look.turns() == null ? null : look.turns().get(i), plan.textChars()));
    }
    String servedModel = measured.stream().map(x -> x.server().servedModel()).filter(Objects::nonNull).findFirst().orElse(null);
    CaseAnalysis analysis = CaseAnalyzer.analyze(
        // judge_score budgets wait for the judge, after the measurement (the judge's run feature, dev.llmh.judging.JudgeFeature)
        new CaseAnalyzer.Context(EmbeddedModels.asked(plan), plan.sampling().maxTokens(), new CaseAnalyzer.Budgets(
            plan.verdicts().constraints().stream().filter(c -> !c.metric().needsJudge()).toList(), plan.verdicts().confidence(), look.alpha()),
            look.timedOut(), look.warnings(), look.harness(), basis.parts().analyses()),
        measured, look.turns(), servedModel, basis.baselines().compare(caseKey(plan, servedModel, basis.promptHash()), records));
    return new CaseOutcome(CaseRecords.measured(basis, look, servedModel, records, analysis), analysis, null);
  }

  /** The endpoint by kind, not URL: the embedded server's and simulator's ports change every run. */
  static CaseKey caseKey(CasePlan plan, String servedModel, String promptHash) {
    return new CaseKey(plan.scenarioClassName(), plan.caseId(), plan.paramTexts(), promptHash, servedModel,
        EndpointKind.of(plan.target().endpoint()).key() + "/" + plan.target().api().key(), plan.sampling().maxTokens(),
        plan.sampling().temperature(), plan.sampling().seed(),
        PromptMarker.recorded(plan.sampling().promptCache()));
  }

  /** A case that could not send a single request: recorded with its reason, never dropped. */
  static CaseOutcome notRun(CasePlan plan, Endpoint endpoint, String reason) {
    CaseAnalysis analysis = CaseAnalysis.unmeasured(CaseVerdict.NOT_RUN, reason);
    return new CaseOutcome(CaseRecords.unmeasured(plan, endpoint, analysis), analysis, null);
  }

  /** A case a feature's part refused before its warm-up: NOT_RUN, or FAIL, with what the parts had settled. */
  static CaseOutcome refused(CasePlan plan, Endpoint endpoint, CaseFeature.Refused refusal, CaseParts parts) {
    CaseAnalysis analysis = CaseAnalysis.unmeasured(refusal.fails() ? CaseVerdict.FAIL : CaseVerdict.NOT_RUN, refusal.getMessage());
    return new CaseOutcome(CaseRecords.unmeasured(plan, endpoint, analysis, parts::recordUnmeasured), analysis, null);
  }

  /** A case with nothing measured, NOT_RUN (the run stopped first) or ERROR (the harness broke). */
  public static CaseOutcome unmeasured(CasePlan plan, CaseVerdict verdict, String reason) {
    CaseAnalysis analysis = CaseAnalysis.unmeasured(verdict, reason);
    return new CaseOutcome(CaseRecords.unmeasured(plan, null, analysis), analysis, null);
  }
}
