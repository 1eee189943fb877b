package dev.llmh.sweep;

import dev.llmh.feature.RanCase;
import dev.llmh.feature.RunFeature;
import dev.llmh.feature.RunServices;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SaturationRecord;
import dev.llmh.result.SaturationRecord.Step;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The run's saturation searches as their steps run, a run feature: which search has stopped, so that
 * its later steps are skipped with the reason, and in the run's record one record per search. The
 * rule itself is {@link SaturationCurve}'s. A step counts as measured, before any later feature (the
 * judge) amends its record.
 */
public final class SaturationSearches implements RunFeature {
  private final Map<String, List<Step>> run = new HashMap<>();
  private final Map<String, String> stopped = new HashMap<>();

  /** A run's searches, none stopped yet. */
  public static final class Provider implements RunFeature.Provider {
    @Override
    public RunFeature open(RunServices run) {
      return new SaturationSearches();
    }
  }

  /** One search: a prompt's steps that share every other parameter (model, {@code @Param} values). */
  static String key(CasePlan plan) {
    return plan.scenarioClassName() + "#" + plan.prompt().name() + (plan.target().modelParam() ? "|model=" + plan.target().model() : "")
        + "|" + plan.params();
  }

  /** Why this step is not run (its search has stopped), or empty to run it. */
  @Override
  public synchronized Optional<String> skip(CasePlan plan) {
    if (plan.saturationSearch() == null || !stopped.containsKey(key(plan))) {
      return Optional.empty();
    }
    return Optional.of("not run: the saturation search stopped (" + stopped.get(key(plan)) + ")");
  }

  /** Takes a step's result into its search, which may stop there; the step is passed on. */
  @Override
  public List<RanCase> ran(RanCase ran) {
    finished(ran.plan(), ran.result());
    return List.of(ran);
  }

  private synchronized void finished(CasePlan plan, CaseResult result) {
    if (plan.saturationSearch() == null || stopped.containsKey(key(plan))) {
      return;
    }
    List<Step> steps = run.computeIfAbsent(key(plan), k -> new ArrayList<>());
    steps.add(SaturationCurve.step(result));
    SaturationCurve.stop(steps, result.verdictReasons(), plan.saturationSearch(), plan.slo() != null)
        .ifPresent(stop -> stopped.put(key(plan), stop.reason()));
  }

  @Override
  public void record(List<CasePlan> plans, List<CaseResult> results, RunRecord.Builder record) {
    record.saturation(records(plans, results));
  }

  /** A record per search among {@code plans}, its steps' results found among {@code results}. */
  static List<SaturationRecord> records(List<CasePlan> plans, List<CaseResult> results) {
    Map<String, List<CasePlan>> searches = new LinkedHashMap<>();
    plans.stream().filter(p -> p.saturationSearch() != null)
        .forEach(p -> searches.computeIfAbsent(key(p), k -> new ArrayList<>()).add(p));
    Map<String, CaseResult> byCase = new HashMap<>();
    results.forEach(r -> byCase.put(r.scenario() + "#" + r.caseId(), r));
    List<SaturationRecord> records = new ArrayList<>();
    searches.values().forEach(steps -> {
      CasePlan first = steps.get(0);
      Map<String, Object> params = new LinkedHashMap<>(first.allParams());
      params.remove("concurrency");
      params.remove(CasePlan.RATE);
      records.add(SaturationCurve.record(first.scenarioClassName(), first.prompt().name(), params,
          first.saturationSearch(), first.slo() != null,
          steps.stream().map(p -> byCase.get(p.scenarioClassName() + "#" + p.caseId())).toList(),
          steps.stream().map(p -> p.openLoop() ? Step.planned(null, p.requests().load().rate().perSecond())
              : Step.planned(p.requests().concurrency(), null)).toList(),
          "the run stopped before this step"));
    });
    return records;
  }
}
