package dev.llmh.verdict;

import dev.llmh.analysis.CaseCounts;
import dev.llmh.analysis.CountedSpan;
import dev.llmh.analysis.MeasuredCase;
import dev.llmh.analysis.MetricValues;
import dev.llmh.analysis.Warnings;
import dev.llmh.baseline.Baselines;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Stat;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.overhead.HarnessCheck;
import dev.llmh.stats.MetricSample;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns a case's measured requests into its {@link CaseAnalysis}: metrics by declaration, the
 * warnings their flags call for, each constraint judged, and the case's verdict.
 */
public final class CaseAnalyzer {
  private CaseAnalyzer() {}

  /**
   * What the analysis needs besides the requests.
   *
   * @param model the model asked for, or null
   * @param timedOut why the case was cut short by its deadline, or null
   * @param warnings the measurement's own warnings (adaptive looks, warm-up), shown first
   * @param harness what the harness itself cost and suffered while measuring, or null when not watched
   * @param features what each of the case's features finds of its measured requests, in the order
   *     their findings, warnings and safeguards apply
   */
  public record Context(
      String model, int maxTokens, Budgets budgets, String timedOut, List<String> warnings, HarnessCheck harness,
      List<Function<MeasuredCase, ? extends Findings>> features) {

    public Context {
      features = features == null ? List.of() : List.copyOf(features);
    }
  }

  /**
   * The case's budgets and how sure a verdict on them must be.
   *
   * @param confidence the level of the recorded intervals
   * @param alpha the error allowed to each one-sided bound of a verdict (a share of 1 − level per adaptive look)
   */
  public record Budgets(List<ConstraintExpression> constraints, double confidence, double alpha) {}

  /** @param turns each request's turn index within its conversation, or null for single requests */
  public static CaseAnalysis analyze(
      Context context, List<RequestSample> measured, List<Integer> turns, String servedModel, Baselines.Comparison baseline) {
    MeasuredCase core = core(measured, turns);
    List<Findings> found = context.features().stream().<Findings>map(f -> f.apply(core)).toList();
    Map<Metric, Double> figures = new EnumMap<>(Metric.class);
    figures.putAll(core.figures());
    found.forEach(f -> figures.putAll(f.figures()));
    List<RequestMetrics> succeeded = new ArrayList<>();
    for (int i = 0; i < measured.size(); i++) {
      if (measured.get(i).succeeded()) {
        succeeded.add(core.metrics().get(i));
      }
    }
    List<RequestMetrics> counted = succeeded.stream().filter(m -> !m.caveats().modelLoad()).toList();
    List<String> warnings = warnings(context, succeeded, counted, servedModel, baseline, found, core);
    int implausible = Warnings.count(succeeded, m -> m.caveats().usageImplausible());
    List<ConstraintResult> results = new ArrayList<>();
    for (ConstraintExpression constraint : context.budgets().constraints()) {
      Findings owner = found.stream().filter(f -> f.judges(constraint.metric())).findFirst().orElse(null);
      ConstraintResult result = constraint.regression() ? baseline.judge(constraint)
          : owner != null ? owner.judge(constraint, context.budgets().alpha())
          : judge(constraint, core, figures, context);
      if (implausible > 0 && result.verdict() == Verdict.PASS && !constraint.regression()
          && constraint.metric().countsOutputTokens()) {
        result = Safeguards.undecided(result, "not passed: " + implausible + " of " + succeeded.size()
            + " requests' token counts are implausible, flag usage_implausible");
      }
      for (Findings f : found) {
        result = f.safeguard(result);
      }
      results.add(result);
    }
    return decide(core, figures, warnings, baseline, results, context.timedOut(), found);
  }

  /**
   * What every case's analysis makes of its requests: the distributions of those that count
   * (succeeded, no model load: a cold load is not serving latency, so its sample stays in the
   * record, out of the statistics) and the per-case figures of every case.
   */
  private static MeasuredCase core(List<RequestSample> measured, List<Integer> turns) {
    List<RequestMetrics> all = measured.stream().map(RequestMetrics::of).toList();
    List<RequestMetrics> succeeded = new ArrayList<>();
    for (int i = 0; i < measured.size(); i++) {
      if (measured.get(i).succeeded()) {
        succeeded.add(all.get(i));
      }
    }
    List<RequestMetrics> counted = succeeded.stream().filter(m -> !m.caveats().modelLoad()).toList();
    dev.llmh.resources.PhaseSampling.Span span = CountedSpan.of(measured);
    CaseCounts counts = new CaseCounts(
        measured.size(), succeeded.size(), measured.size() - succeeded.size(), Warnings.count(succeeded, RequestMetrics::noAnswer),
        Warnings.count(succeeded, m -> m.caveats().modelLoad()),
        counted.stream().mapToLong(m -> m.counts().outputTokens()).sum(),
        span == null ? 0 : (span.endNanos() - span.startNanos()) / 1e6);
    Map<Metric, MetricSample> distributions = new EnumMap<>(Metric.class);
    Map<Metric, Double> figures = new EnumMap<>(Metric.class);
    for (Metric metric : Metric.values()) {
      if (metric.fromRequests()) {
        distributions.put(metric, MetricValues.distribution(metric, counted));
      } else if (MetricValues.everyCase(metric)) {
        figures.put(metric, MetricValues.figure(metric, counts));
      }
    }
    return new MeasuredCase(measured, all, turns, counts, distributions, figures);
  }

  /** What the case's requests, its server, its features and the harness itself tell a reader of its figures. */
  private static List<String> warnings(
      Context context, List<RequestMetrics> succeeded, List<RequestMetrics> counted, String servedModel,
      Baselines.Comparison baseline, List<Findings> found, MeasuredCase core) {
    List<String> warnings = new ArrayList<>(context.warnings());
    warnings.addAll(Warnings.of(succeeded, counted, context.maxTokens()));
    if (context.model() != null && servedModel != null && !context.model().equals(servedModel)) {
      warnings.add("requested model '" + context.model() + "' but the server answered as '" + servedModel + "'");
    }
    warnings.addAll(baseline.warnings());
    found.forEach(f -> warnings.addAll(f.warnings()));
    if (context.harness() != null) {
      context.harness().warning(core.statistic(Metric.ITL, Stat.P99), core.statistic(Metric.TTFT, Stat.P50))
          .ifPresent(warnings::add);
    }
    return warnings;
  }

  /** A budget on a figure every case has. */
  private static ConstraintResult judge(
      ConstraintExpression constraint, MeasuredCase core, Map<Metric, Double> figures, Context context) {
    if (constraint.metric() == Metric.ERROR_RATE) {
      return Judge.judgeErrorRate(constraint, core.counts().failed(), core.counts().measured());
    }
    if (!constraint.metric().isDistribution()) {
      return Judge.judgeFigure(constraint, figures.get(constraint.metric()));
    }
    return Judge.judge(constraint, core.distributions(), context.budgets().confidence(), context.budgets().alpha());
  }

  /**
   * FAIL on a feature's failure (truncated prompts), on a failed budget, or on a failed request that
   * no {@code error_rate} constraint
   * tolerates; ERROR when the case ran out of time or a feature says the measurement broke; INCONCLUSIVE on an undecided budget or when no
   * measured request finished; else PASS.
   */
  private static CaseAnalysis decide(
      MeasuredCase core, Map<Metric, Double> figures, List<String> warnings, Baselines.Comparison baseline,
      List<ConstraintResult> results, String timedOut, List<Findings> found) {
    CaseCounts counts = core.counts();
    List<RequestSample> measured = core.measured();
    List<String> reasons = new ArrayList<>();
    found.stream().map(Findings::failure).filter(java.util.Objects::nonNull).forEach(reasons::add);
    results.stream().filter(r -> r.verdict() == Verdict.FAIL).forEach(r -> reasons.add(r.message()));
    boolean errorBudget = results.stream().anyMatch(r -> r.expression().metric() == Metric.ERROR_RATE);
    if (counts.failed() > 0 && !errorBudget) {
      String first = measured.stream().filter(s -> !s.succeeded()).findFirst().orElseThrow().error();
      reasons.add(counts.failed() + " of " + counts.measured() + " measured requests failed (first: " + first + ")");
    }
    CaseVerdict verdict;
    List<String> broke = found.stream().map(Findings::error).filter(java.util.Objects::nonNull).toList();
    if (timedOut != null || !broke.isEmpty()) {
      reasons.addAll(0, broke);
      if (timedOut != null) {
        reasons.add(timedOut);
      }
      verdict = CaseVerdict.ERROR;
    } else if (!reasons.isEmpty()) {
      verdict = CaseVerdict.FAIL;
    } else if (measured.isEmpty()) {
      // A run stopped before any measured request finished: nothing was shown to hold.
      reasons.add("no measured request finished: there is nothing to judge");
      verdict = CaseVerdict.INCONCLUSIVE;
    } else {
      results.stream().filter(r -> r.verdict() == Verdict.INCONCLUSIVE).forEach(r -> reasons.add(r.message()));
      verdict = reasons.isEmpty() ? CaseVerdict.PASS : CaseVerdict.INCONCLUSIVE;
    }
    return new CaseAnalysis(new CaseAnalysis.Requests(core.distributions(), counts), figures, warnings, baseline, results, verdict,
        reasons, found);
  }

}
