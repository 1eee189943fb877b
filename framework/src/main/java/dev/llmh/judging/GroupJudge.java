package dev.llmh.judging;

import dev.llmh.config.JudgeConfig;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.feature.RanCase;
import dev.llmh.measure.Answered;
import dev.llmh.judge.AnswersReport;
import dev.llmh.judge.JudgePanel;
import dev.llmh.judge.JudgeRecord;
import dev.llmh.judge.JudgeScores;
import dev.llmh.judge.JudgeSetup;
import dev.llmh.judge.SampleJudge;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.JudgedAnalysis;
import java.util.ArrayList;
import java.util.List;

/**
 * One blinding group judged: its cases' answers shuffled together and scored by the judge model,
 * each case's record and analysis then rewritten with its scores and its {@code judge_score} budgets
 * judged, and the group added to the run's file of answers.
 *
 * @param endpoints the run's, asked for the judge's own (unmeasured)
 * @param report the run's file of answers, which every group joins
 */
record GroupJudge(JudgeConfig config, Endpoints endpoints, AnswersReport report) {

  /** The group's cases (sharing {@code key}), judged, in the same order. */
  List<RanCase> judge(String key, List<RanCase> cases) {
    CasePlan first = cases.get(0).plan();
    JudgeSetup setup = JudgeSetup.of(first, config);
    long seed = first.sampling().seed() * 1_000_003L + key.hashCode();
    List<Answered> answers = new ArrayList<>();
    List<String> writers = new ArrayList<>();
    List<Integer> from = new ArrayList<>();
    for (RanCase ran : cases) {
      List<Answered> answered = ran.answered();
      answers.addAll(answered);
      for (int i = 0; i < answered.size(); i++) {
        writers.add(ran.plan().caseId() + ", request " + i);
      }
      from.add(answers.size());
    }
    List<SampleJudge> judged;
    System.out.println("LLMH judging " + answers.size() + " answers of " + first.scenarioClassName() + " › "
        + first.prompt().name() + (cases.size() > 1 ? " from " + cases.size() + " cases, shuffled together" : "")
        + " (" + (setup.model() == null ? "the endpoint's own model" : setup.model()) + " at " + setup.endpoint() + ")"
        + (setup.warning() == null ? "" : ": " + setup.warning()));
    try {
      Endpoint endpoint = endpoints.unmeasured(setup.endpoint(), setup.api());
      judged = JudgePanel.judge(answers, setup, seed, endpoint.client()::send);
    } catch (RuntimeException e) {
      judged = JudgePanel.allFailed(answers.size(), seed, "judge endpoint unusable: " + e.getMessage());
    }
    report.add(first.scenarioClassName() + " › " + first.prompt().name() + " [" + blindTitle(first) + "]", setup, seed,
        answers, writers, judged);
    List<String> ids = cases.stream().map(ran -> ran.plan().caseId()).toList();
    List<RanCase> done = new ArrayList<>();
    int start = 0;
    for (int c = 0; c < cases.size(); c++) {
      RanCase ran = cases.get(c);
      List<SampleJudge> own = judged.subList(start, from.get(c));
      List<String> categories = ran.answered().stream().map(Answered::category).toList();
      done.add(amend(ran, JudgeScores.record(setup, seed, ids, own, categories, ran.plan().verdicts().confidence()), own));
      start = from.get(c);
    }
    return done;
  }

  /** The case's record and analysis with the judge's scores and its {@code judge_score} budgets judged. */
  private static RanCase amend(RanCase ran, JudgeRecord record, List<SampleJudge> judged) {
    CasePlan plan = ran.plan();
    CaseResult result = ran.result();
    if (result.samples().isEmpty() || result.samples().size() != judged.size()) {
      return ran; // nothing was measured (its record says why), or a case cut short kept no answers
    }
    List<ConstraintResult> verdicts = JudgeScores.verdicts(plan.verdicts().constraints(), judged, 1 - plan.verdicts().confidence());
    CaseAnalysis analysis = JudgedAnalysis.amend(ran.analysis(), verdicts);
    List<SampleRecord> samples = new ArrayList<>();
    for (int i = 0; i < judged.size(); i++) {
      samples.add(result.samples().get(i).withJudge(judged.get(i)));
    }
    List<CaseResult.ConstraintRecord> constraints = new ArrayList<>(result.constraints());
    verdicts.forEach(v -> constraints.add(CaseResult.ConstraintRecord.of(v)));
    CaseResult judgedResult = result.toBuilder().samples(samples).constraints(constraints)
        .verdict(analysis.verdict().name(), analysis.reasons(), analysis.verdict().reported(plan.verdicts().inconclusive()).text())
        .section(Section.JUDGE, record).build();
    return ran.with(judgedResult, analysis);
  }

  /** The group's parameters, the model left out: {@code concurrency=1, size=a}. */
  private static String blindTitle(CasePlan plan) {
    StringBuilder text = new StringBuilder();
    plan.paramTexts().forEach((name, value) -> {
      if (!(plan.target().modelParam() && name.equals("model"))) {
        text.append(text.length() == 0 ? "" : ", ").append(name).append('=').append(value);
      }
    });
    return text.toString();
  }
}
