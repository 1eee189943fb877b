package dev.llmh.engine.run;

import dev.llmh.config.JudgeConfig;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.engine.cases.CaseOutcome;
import dev.llmh.engine.cases.CaseRecords;
import dev.llmh.engine.discovery.CaseDescriptor;
import dev.llmh.judge.Answered;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cases of {@code @Judge} scenarios, held from the end of their measurement until their blinding
 * group is complete, then judged together. A group is the cases of one scenario that differ only in
 * their model: the same prompt, parameters and load. Since a scenario runs all of one model's cases
 * before the next model's, a case's test stays open until the last model has answered the same prompt:
 * only then can the answers be shuffled together, so that the judge sees neither a model's name nor a
 * fixed order. A case of one model is a group of one and is judged as soon as it ends.
 */
final class JudgedCases {
  private final JudgeConfig config;
  private final Endpoints endpoints;
  private final AnswersReport report = new AnswersReport();
  private final Map<String, List<CasePlan>> groups = new LinkedHashMap<>();
  private final Map<CasePlan, Held> held = new LinkedHashMap<>();
  private final Set<CasePlan> gone = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  /** A case measured and waiting for its group. */
  record Held(CaseDescriptor descriptor, CaseOutcome outcome) {}

  /** A case judged: its record and analysis before the judge ({@code measured}) and after. */
  record Done(CaseDescriptor descriptor, CaseOutcome measured, CaseOutcome judged) {}

  JudgedCases(JudgeConfig config, Endpoints endpoints) {
    this.config = config;
    this.endpoints = endpoints;
  }

  static boolean judged(CasePlan plan) {
    return plan.runner().judge() != null;
  }

  /** Learns the groups of a scenario's cases before the first of them runs. */
  void scenario(List<CasePlan> plans) {
    plans.stream().filter(JudgedCases::judged)
        .forEach(plan -> groups.computeIfAbsent(key(plan), k -> new ArrayList<>()).add(plan));
  }

  /** Holds a measured case; returns the cases whose groups this completed, judged. */
  List<Done> measured(CaseDescriptor descriptor, CaseOutcome outcome) {
    held.put(descriptor.plan(), new Held(descriptor, outcome));
    return ready(false);
  }

  /** A case of a group that will not answer (skipped, broken): its group need not wait for it. */
  List<Done> gone(CasePlan plan) {
    gone.add(plan);
    return ready(false);
  }

  /** Every case still held, judged with what its group has (the scenario ended); not judged when {@code judge} is false. */
  List<Done> flush(boolean judge) {
    return ready(true, judge);
  }

  /** The file of answers for a person, {@code answers-<timestamp>.md}; none when nothing was judged. */
  AnswersReport report() {
    return report;
  }

  private List<Done> ready(boolean all) {
    return ready(all, true);
  }

  private List<Done> ready(boolean all, boolean judge) {
    List<Done> done = new ArrayList<>();
    for (Map.Entry<String, List<CasePlan>> group : groups.entrySet()) {
      List<CasePlan> members = group.getValue();
      List<Held> waiting = members.stream().filter(held::containsKey).map(held::get).toList();
      if (waiting.isEmpty() || !all && !members.stream().allMatch(p -> held.containsKey(p) || gone.contains(p))) {
        continue;
      }
      waiting.forEach(h -> held.remove(h.descriptor().plan()));
      done.addAll(judge ? judge(group.getKey(), waiting) : notJudged(waiting));
    }
    return done;
  }

  private static List<Done> notJudged(List<Held> waiting) {
    return waiting.stream().map(h -> new Done(h.descriptor(), h.outcome(), h.outcome())).toList();
  }

  private List<Done> judge(String key, List<Held> cases) {
    CasePlan first = cases.get(0).descriptor().plan();
    JudgeSetup setup = JudgeSetup.of(first, config);
    long seed = first.sampling().seed() * 1_000_003L + key.hashCode();
    List<Answered> answers = new ArrayList<>();
    List<String> writers = new ArrayList<>();
    List<Integer> from = new ArrayList<>();
    for (Held h : cases) {
      List<Answered> answered = h.outcome().answered();
      answers.addAll(answered);
      for (int i = 0; i < answered.size(); i++) {
        writers.add(h.descriptor().plan().caseId() + ", request " + i);
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
    List<String> ids = cases.stream().map(h -> h.descriptor().plan().caseId()).toList();
    List<Done> done = new ArrayList<>();
    int start = 0;
    for (int c = 0; c < cases.size(); c++) {
      Held h = cases.get(c);
      List<SampleJudge> own = judged.subList(start, from.get(c));
      List<String> categories = h.outcome().answered().stream().map(Answered::category).toList();
      done.add(new Done(h.descriptor(), h.outcome(), amend(h.descriptor().plan(), h.outcome(),
          JudgeScores.record(setup, seed, ids, own, categories, h.descriptor().plan().verdicts().confidence()), own)));
      start = from.get(c);
    }
    return done;
  }

  /** The case's record and analysis with the judge's scores and its {@code judge_score} budgets judged. */
  private static CaseOutcome amend(CasePlan plan, CaseOutcome outcome, JudgeRecord record, List<SampleJudge> judged) {
    CaseResult result = outcome.result();
    if (result.samples().isEmpty() || result.samples().size() != judged.size()) {
      return outcome; // nothing was measured (its record says why), or a case cut short kept no answers
    }
    List<ConstraintResult> verdicts = JudgeScores.verdicts(plan.verdicts().constraints(), judged, 1 - plan.verdicts().confidence());
    CaseAnalysis analysis = JudgedAnalysis.amend(outcome.analysis(), verdicts);
    List<SampleRecord> samples = new ArrayList<>();
    for (int i = 0; i < judged.size(); i++) {
      samples.add(result.samples().get(i).withJudge(judged.get(i)));
    }
    List<CaseResult.ConstraintRecord> constraints = new ArrayList<>(result.constraints());
    verdicts.forEach(v -> constraints.add(CaseRecords.constraintRecord(v)));
    CaseResult judgedResult = result.toBuilder().samples(samples).constraints(constraints)
        .verdict(analysis.verdict().name(), analysis.reasons(), analysis.verdict().reported(plan.verdicts().inconclusive()).text())
        .section(Section.JUDGE, record).build();
    return new CaseOutcome(judgedResult, analysis, outcome.answered());
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

  /** Cases that differ only in their model share a key. */
  static String key(CasePlan plan) {
    Map<String, String> params = new LinkedHashMap<>(plan.paramTexts());
    if (plan.target().modelParam()) {
      params.remove("model");
    }
    return plan.scenarioClassName() + "#" + plan.prompt().name() + params;
  }
}
