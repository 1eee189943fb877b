package dev.llmh.judging;

import dev.llmh.feature.RanCase;
import dev.llmh.feature.RunFeature;
import dev.llmh.feature.RunServices;
import dev.llmh.judge.AnswersReport;
import dev.llmh.plan.CasePlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The judge, a run feature: the cases of {@code @Judge} scenarios, held from the end of their
 * measurement until their blinding group is complete, then judged together ({@link GroupJudge}). A
 * group is the cases of one scenario that differ only in their model: the same prompt, parameters and
 * load. Since a scenario runs all of one model's cases before the next model's, a case's test stays
 * open until the last model has answered the same prompt: only then can the answers be shuffled
 * together, so that the judge sees neither a model's name nor a fixed order. A case of one model is a
 * group of one and is judged as soon as it ends. At the run's end, the answers go to a file of their
 * own for a person to check the judge.
 */
public final class JudgeFeature implements RunFeature {
  private final GroupJudge judge;
  private final AnswersReport report = new AnswersReport();
  private final Map<String, List<CasePlan>> groups = new LinkedHashMap<>();
  private final Map<CasePlan, RanCase> held = new LinkedHashMap<>();
  private final Set<CasePlan> gone = Collections.newSetFromMap(new IdentityHashMap<>());

  /** The run's judge, asking the endpoints the run opened. */
  public static final class Provider implements RunFeature.Provider {
    @Override
    public RunFeature open(RunServices run) {
      return new JudgeFeature(run);
    }
  }

  private JudgeFeature(RunServices run) {
    this.judge = new GroupJudge(run.config().judge(), run.endpoints(), report);
  }

  private static boolean judged(CasePlan plan) {
    return plan.runner().judge() != null;
  }

  /** Learns the groups of a scenario's cases before the first of them runs. */
  @Override
  public void scenario(List<CasePlan> plans) {
    plans.stream().filter(JudgeFeature::judged)
        .forEach(plan -> groups.computeIfAbsent(key(plan), k -> new ArrayList<>()).add(plan));
  }

  /** Holds a judged case; returns the cases whose groups this completed, judged. */
  @Override
  public List<RanCase> ran(RanCase ran) {
    if (!judged(ran.plan())) {
      return List.of(ran);
    }
    held.put(ran.plan(), ran);
    return ready(false, true);
  }

  /** A case of a group that will not answer (skipped, broken): its group need not wait for it. */
  @Override
  public List<RanCase> gone(CasePlan plan) {
    gone.add(plan);
    return ready(false, true);
  }

  /** Every case still held, judged with what its group has; not judged when the run was interrupted. */
  @Override
  public List<RanCase> scenarioEnded(boolean complete) {
    return ready(true, complete);
  }

  /** {@code answers-<timestamp>.md}, when anything was judged. */
  @Override
  public void finish(Path directory, String runName) {
    try {
      Path written = report.write(directory, runName);
      if (written != null) {
        System.out.println("LLMH judged answers: " + written.toAbsolutePath());
      }
    } catch (IOException e) {
      System.err.println("LLMH could not write the judged answers to " + directory + ": " + e);
    }
  }

  private List<RanCase> ready(boolean all, boolean judging) {
    List<RanCase> done = new ArrayList<>();
    for (Map.Entry<String, List<CasePlan>> group : groups.entrySet()) {
      List<CasePlan> members = group.getValue();
      List<RanCase> waiting = members.stream().filter(held::containsKey).map(held::get).toList();
      if (waiting.isEmpty() || !all && !members.stream().allMatch(p -> held.containsKey(p) || gone.contains(p))) {
        continue;
      }
      waiting.forEach(ran -> held.remove(ran.plan()));
      done.addAll(judging ? judge.judge(group.getKey(), waiting) : waiting);
    }
    return done;
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
