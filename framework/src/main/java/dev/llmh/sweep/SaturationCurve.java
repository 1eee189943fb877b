package dev.llmh.sweep;

import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.SaturationRecord;
import dev.llmh.result.SaturationRecord.Step;
import dev.llmh.result.Section;
import dev.llmh.result.SloRecord;
import dev.llmh.runner.SaturationDeclaration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rule of a saturation search, in one place: after each step, whether the search stops and why,
 * and from the steps run, the knee. The engine asks it between steps to skip the rest; the results
 * file asks it again over the recorded steps, so the two can never tell different stories.
 *
 * <p>A search stops at the first step that did not measure or FAILed (a budget broke, or requests
 * failed that no error budget allows), at which the server said it is full ({@link SaturationSignals}),
 * that lost goodput against the step before (with an
 * {@code @Slo}), or whose output tok/s gained less than {@code minGain} over the step before, on
 * intervals ({@link ThroughputBounds}): even the upper bound of the gain is below {@code minGain}. A
 * gain whose interval straddles {@code minGain} is undecided: the search goes on and the step says so.
 */
public final class SaturationCurve {
  private SaturationCurve() {}

  /**
   * Why a search stopped.
   *
   * @param by the rule, as the record's {@code stoppedBy} names it
   * @param reason in words, with the figures
   */
  public record Stop(String by, String reason) {}

  /** The step a case measured, with its figures. */
  public static Step step(CaseResult result) {
    Object concurrency = result.params().get("concurrency");
    Object rate = result.params().get(dev.llmh.plan.CasePlan.RATE);
    MetricSummary ttft = result.metrics() == null ? null : result.metrics().get(CaseResult.TTFT);
    SloRecord slo = result.section(Section.SLO);
    return new Step(concurrency instanceof Number n ? n.intValue() : null,
        rate == null ? null : dev.llmh.config.Rate.parse(rate.toString()).perSecond(),
        result.throughput() == null ? null : result.throughput().outputTokensPerSecond(),
        ttft == null || ttft.n() == 0 ? null : ttft.p95(),
        slo == null ? null : slo.goodput(), result.verdict(), null, ThroughputBounds.of(result), SaturationSignals.of(result));
  }

  /**
   * Why the search stops after the last of {@code steps}, or empty to go on.
   *
   * @param reasons the last step's verdict reasons, for a step that FAILed
   * @param slo whether an {@code @Slo} is declared, so that goodput is watched
   */
  public static Optional<Stop> stop(List<Step> steps, List<String> reasons, SaturationDeclaration search, boolean slo) {
    Step last = steps.get(steps.size() - 1);
    Step before = steps.size() < 2 ? null : steps.get(steps.size() - 2);
    if (!"PASS".equals(last.verdict()) && !"INCONCLUSIVE".equals(last.verdict())) {
      String first = reasons == null || reasons.isEmpty() ? "" : ": " + reasons.get(0);
      return stop("budget", last.verdict() + " at " + last.label() + first);
    }
    Optional<Stop> signal = SaturationSignals.stop(before, last, search);
    if (signal.isPresent()) {
      return signal;
    }
    if (last.throughput() == null) {
      return stop("not_measured", "output tok/s not measured at " + last.label());
    }
    if (before == null) {
      return Optional.empty();
    }
    if (slo && before.goodput() != null && (last.goodput() == null || last.goodput() < before.goodput())) {
      return stop("goodput", "goodput fell from " + rate(before.goodput()) + " to " + rate(last.goodput()) + " req/s from "
          + before.label() + " to " + last.value());
    }
    double[] bounds = ThroughputBounds.gain(before, last);
    if (bounds != null && bounds[1] < search.minGain()) {
      return stop("throughput", "output tok/s gained " + gainText(before, last) + " (less than "
          + Quantity.formatBare(search.minGain() * 100, Unit.PERCENT) + "%) from " + before.label() + " to " + last.value());
    }
    return Optional.empty();
  }

  private static Optional<Stop> stop(String by, String reason) {
    return Optional.of(new Stop(by, reason));
  }

  /**
   * Why the last step's gain over the one before neither stops the search nor clearly clears
   * {@code minGain}, or empty when it is decided: the search goes on, and says so.
   */
  public static Optional<String> undecided(List<Step> steps, double minGain) {
    if (steps.size() < 2 || steps.get(steps.size() - 1).throughput() == null || steps.get(steps.size() - 2).throughput() == null) {
      return Optional.empty();
    }
    Step before = steps.get(steps.size() - 2);
    Step last = steps.get(steps.size() - 1);
    double[] bounds = ThroughputBounds.gain(before, last);
    if (bounds != null && (bounds[1] < minGain || bounds[0] >= minGain)) {
      return Optional.empty();
    }
    return Optional.of("output tok/s gain " + gainText(before, last) + " from " + before.label() + " to " + last.value()
        + " is undecided against " + Quantity.formatBare(minGain * 100, Unit.PERCENT) + "%"
        + (bounds == null ? " (fewer than 2 counted requests at a step: no interval)" : ": more requests per step would decide it"));
  }

  /** {@code +3.0% [-1.2%, +4.1%]}: the gain and, where known, its interval. */
  private static String gainText(Step before, Step after) {
    double[] bounds = ThroughputBounds.gain(before, after);
    return percent(gain(before, after)) + (bounds == null ? "" : " [" + percent(bounds[0]) + ", " + percent(bounds[1]) + "]");
  }

  /**
   * The search's record from its planned steps' results, in step order: a step without a result
   * (skipped, or never reached) is recorded as not run with {@code notRun}'s reason.
   *
   * @param results each planned step's result, null where there is none
   * @param notRun why a step without a result did not run
   */
  public static SaturationRecord record(
      String scenario, String caseName, Map<String, Object> params, SaturationDeclaration search, boolean slo,
      List<CaseResult> results, List<Step> planned, String notRun) {
    double minGain = search.minGain();
    List<Step> run = new ArrayList<>();
    List<Step> all = new ArrayList<>();
    String stopped = null;
    String stoppedBy = null;
    int kneeIndex = -1;
    for (int i = 0; i < results.size(); i++) {
      CaseResult result = results.get(i);
      if (stopped != null || result == null || "NOT_RUN".equals(result.verdict()) && result.requests().measured() == 0) {
        String reason = stopped != null ? "not run: the search stopped (" + stopped + ")"
            : result != null && result.section(Section.ERROR) != null ? result.section(Section.ERROR) : notRun;
        Step p = planned.get(i);
        all.add(new Step(p.concurrency(), p.rate(), null, null, null, "NOT_RUN", reason, null, null));
        stoppedBy = stopped != null ? stoppedBy : "not_run";
        stopped = stopped != null ? stopped : reason;
        continue;
      }
      Step step = step(result);
      run.add(step);
      Optional<Stop> stop = stop(run, result.verdictReasons(), search, slo);
      Optional<String> undecided = stop.isPresent() ? Optional.empty() : undecided(run, minGain);
      all.add(undecided.map(step::withReason).orElse(step));
      if (stop.isPresent()) {
        stopped = stop.get().reason();
        stoppedBy = stop.get().by();
        kneeIndex = run.size() - 2;
      }
    }
    if (stopped == null && !run.isEmpty()) {
      stoppedBy = "last_step";
      Step last = run.get(run.size() - 1);
      Optional<String> undecided = undecided(run, minGain);
      stopped = "reached the last step, " + last.label() + (undecided.isPresent() ? "; its " + undecided.get()
          : run.size() > 1 ? ", still gaining " + gainText(run.get(run.size() - 2), last) + " output tok/s" : "");
    }
    Step knee = kneeIndex >= 0 ? run.get(kneeIndex) : null;
    return new SaturationRecord(scenario, caseName, params.isEmpty() ? null : params, minGain, SaturationSignals.declared(search), all,
        knee == null ? null : new SaturationRecord.Point(knee.concurrency(), knee.rate(), knee.throughput()),
        stopped == null ? notRun : stopped, stopped == null ? "not_run" : stoppedBy);
  }

  /** Relative gain in output tok/s from one step to the next. */
  static double gain(Step before, Step after) {
    return after.throughput() / before.throughput() - 1;
  }

  /** {@code +3%}, {@code -12%}, {@code +0.6%}: a whole percent, a tenth below 10%. */
  public static String percent(double fraction) {
    double percent = fraction * 100;
    return String.format(java.util.Locale.ROOT, Math.abs(percent) >= 9.95 ? "%+.0f%%" : "%+.1f%%", percent);
  }

  private static String rate(Double value) {
    return value == null ? "none" : Quantity.formatBare(value, Unit.REQUESTS_PER_SECOND);
  }
}
