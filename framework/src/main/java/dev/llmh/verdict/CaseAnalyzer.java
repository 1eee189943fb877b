package dev.llmh.verdict;

import dev.llmh.analysis.CaseCounts;
import dev.llmh.analysis.CheckedRequests;
import dev.llmh.analysis.CountedSpan;
import dev.llmh.analysis.GoodRequests;
import dev.llmh.analysis.MetricValues;
import dev.llmh.analysis.ResourceFigures;
import dev.llmh.analysis.ResourceInputs;
import dev.llmh.analysis.Warnings;
import dev.llmh.baseline.Baselines;
import dev.llmh.compare.CompareFigures;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Stat;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.overhead.HarnessCheck;
import dev.llmh.runner.SloDeclaration;
import dev.llmh.stats.MetricSample;
import dev.llmh.stats.Summary;
import dev.llmh.synthetic.PromptCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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
   * @param confidence the level of the recorded intervals
   * @param alpha the error allowed to each one-sided bound of a verdict (a share of 1 − level per adaptive look)
   * @param timedOut why the case was cut short by its deadline, or null
   * @param warnings the measurement's own warnings (adaptive looks, warm-up), shown first
   * @param harness what the harness itself cost and suffered while measuring, or null when not watched
   * @param promptCheck how each request's prompt count is checked (truncation, a synthetic target)
   * @param slo what a good request is ({@code @Slo}), or null when not declared
   * @param hardware the serving hardware sampled over the measured phase, what is declared of it, and
   *     the bandwidth check's inputs
   * @param checks the names of the checks run on every measured answer; empty when none is declared
   * @param compare what the distribution comparison against a reference model found ({@code @Compare}),
   *     or null when none is declared
   */
  public record Context(
      String model, int maxTokens, List<ConstraintExpression> constraints, double confidence, double alpha,
      String timedOut, List<String> warnings, HarnessCheck harness, PromptCheck promptCheck, SloDeclaration slo,
      ResourceInputs hardware, List<String> checks, CompareFigures compare) {

    public Context {
      promptCheck = promptCheck == null ? PromptCheck.NONE : promptCheck;
      hardware = hardware == null ? ResourceInputs.NONE : hardware;
      checks = checks == null ? List.of() : List.copyOf(checks);
    }

    /** Without a distribution comparison. */
    public Context(
        String model, int maxTokens, List<ConstraintExpression> constraints, double confidence, double alpha,
        String timedOut, List<String> warnings, HarnessCheck harness, PromptCheck promptCheck, SloDeclaration slo,
        ResourceInputs hardware, List<String> checks) {
      this(model, maxTokens, constraints, confidence, alpha, timedOut, warnings, harness, promptCheck, slo, hardware, checks, null);
    }

    /** Without checks on the answers. */
    public Context(
        String model, int maxTokens, List<ConstraintExpression> constraints, double confidence, double alpha,
        String timedOut, List<String> warnings, HarnessCheck harness, PromptCheck promptCheck, SloDeclaration slo,
        ResourceInputs hardware) {
      this(model, maxTokens, constraints, confidence, alpha, timedOut, warnings, harness, promptCheck, slo, hardware, null);
    }

    /** Without the serving hardware's samples. */
    public Context(
        String model, int maxTokens, List<ConstraintExpression> constraints, double confidence, double alpha,
        String timedOut, List<String> warnings, HarnessCheck harness, PromptCheck promptCheck, SloDeclaration slo) {
      this(model, maxTokens, constraints, confidence, alpha, timedOut, warnings, harness, promptCheck, slo, null);
    }

    /** Without an {@code @Slo}. */
    public Context(
        String model, int maxTokens, List<ConstraintExpression> constraints, double confidence, double alpha,
        String timedOut, List<String> warnings, HarnessCheck harness, PromptCheck promptCheck) {
      this(model, maxTokens, constraints, confidence, alpha, timedOut, warnings, harness, promptCheck, null);
    }

    /** Without a prompt check. */
    public Context(
        String model, int maxTokens, List<ConstraintExpression> constraints, double confidence, double alpha,
        String timedOut, List<String> warnings, HarnessCheck harness) {
      this(model, maxTokens, constraints, confidence, alpha, timedOut, warnings, harness, PromptCheck.NONE, null);
    }
  }

  public static CaseAnalysis analyze(
      Context context, List<RequestSample> measured, String servedModel, Baselines.Comparison baseline) {
    List<RequestMetrics> all = measured.stream().map(RequestMetrics::of).toList();
    List<RequestMetrics> succeeded = new ArrayList<>();
    for (int i = 0; i < measured.size(); i++) {
      if (measured.get(i).succeeded()) {
        succeeded.add(all.get(i));
      }
    }
    // A cold model load is not serving latency: its sample stays in the record, out of the statistics.
    List<RequestMetrics> counted = succeeded.stream().filter(m -> !m.modelLoad()).toList();
    dev.llmh.resources.PhaseSampling.Span span = CountedSpan.of(measured);
    CaseCounts counts = new CaseCounts(
        measured.size(), succeeded.size(), measured.size() - succeeded.size(), Warnings.count(succeeded, RequestMetrics::noAnswer),
        Warnings.count(succeeded, RequestMetrics::modelLoad), counted.stream().mapToLong(RequestMetrics::outputTokens).sum(),
        span == null ? 0 : (span.endNanos() - span.startNanos()) / 1e6);
    GoodRequests good = GoodRequests.of(context.slo(), all, measured.stream().map(RequestSample::succeeded).toList());
    CheckedRequests checked = CheckedRequests.of(context.checks(), measured);

    Map<Metric, MetricSample> distributions = new EnumMap<>(Metric.class);
    Map<Metric, Double> figures = new EnumMap<>(Metric.class);
    for (Metric metric : Metric.values()) {
      if (metric.fromRequests()) {
        distributions.put(metric, MetricValues.distribution(metric, counted));
      } else if (!metric.resource() && !metric.needsJudge() && !metric.compared()) { // the judge's scores come after the measurement
        figures.put(metric, MetricValues.figure(metric, counts, good, checked));
      }
    }

    ResourceFigures hardware = ResourceFigures.of(context.hardware(), figures.get(Metric.THROUGHPUT), counts.outputTokens(),
        statistic(distributions, Metric.DECODE_RATE, Stat.P50));
    figures.putAll(hardware.figures());

    List<String> warnings = warnings(context, succeeded, counted, servedModel, baseline, hardware, distributions);
    String truncation = promptWarnings(context.promptCheck(), measured, warnings);
    int implausible = Warnings.count(succeeded, RequestMetrics::usageImplausible);
    Safeguards safeguards = Safeguards.of(context.hardware(), hardware);
    List<ConstraintResult> results = new ArrayList<>();
    for (ConstraintExpression constraint : context.constraints()) {
      ConstraintResult result = constraint.metric().resource() ? judgeResource(constraint, hardware, safeguards)
          : constraint.metric().compared() ? ComparedFigures.judge(constraint, context.compare())
          : judge(constraint, distributions, figures, counts, good, checked, baseline, context);
      if (implausible > 0 && result.verdict() == Verdict.PASS && !constraint.regression()
          && constraint.metric().countsOutputTokens()) {
        result = Safeguards.undecided(result, "not passed: " + implausible + " of " + succeeded.size()
            + " requests' token counts are implausible, flag usage_implausible");
      }
      results.add(safeguards.apply(result));
    }
    return decide(distributions, figures, counts, good, warnings, baseline, results, measured, context.timedOut(), truncation)
        .with(hardware).with(checked).with(context.compare());
  }
  /** What the case's requests, its server and the harness itself tell a reader of its figures. */
  private static List<String> warnings(
      Context context, List<RequestMetrics> succeeded, List<RequestMetrics> counted, String servedModel,
      Baselines.Comparison baseline, ResourceFigures hardware, Map<Metric, MetricSample> distributions) {
    List<String> warnings = new ArrayList<>(context.warnings());
    warnings.addAll(Warnings.of(succeeded, counted, context.maxTokens()));
    if (context.model() != null && servedModel != null && !context.model().equals(servedModel)) {
      warnings.add("requested model '" + context.model() + "' but the server answered as '" + servedModel + "'");
    }
    warnings.addAll(baseline.warnings());
    String physics = Safeguards.warning(hardware.physics());
    if (physics != null) {
      warnings.add(physics);
    }
    if (context.harness() != null) {
      context.harness().warning(statistic(distributions, Metric.ITL, Stat.P99), statistic(distributions, Metric.TTFT, Stat.P50))
          .ifPresent(warnings::add);
    }
    return warnings;
  }


  /**
   * A budget on the serving hardware: a per-case figure as it is, a sampled series by its observed
   * statistic (its samples follow one another in time, so no interval); INCONCLUSIVE with the reason
   * when the figure could not be measured for this endpoint, never a PASS. A figure from declared
   * inputs says so beside it.
   */
  private static ConstraintResult judgeResource(ConstraintExpression constraint, ResourceFigures hardware, Safeguards safeguards) {
    Metric metric = constraint.metric();
    String reason = hardware.notMeasured().get(metric);
    if (metric.shape() != Metric.Shape.SERIES) {
      return Judge.judgeFigure(constraint, hardware.figures().get(metric), reason, safeguards.declaredMark(metric));
    }
    double[] series = hardware.series().get(metric);
    return Judge.judgeFigure(constraint, series == null ? null : Summary.of(series).get(constraint.stat()), reason,
        series == null ? "" : " over " + series.length + " samples");
  }

  /**
   * Adds a warning for synthetic prompts counted above their tolerance, and returns why the case
   * fails when the server truncated any prompt (null when it truncated none).
   */
  private static String promptWarnings(PromptCheck check, List<RequestSample> measured, List<String> warnings) {
    List<Integer> counts = measured.stream().filter(RequestSample::succeeded).map(RequestSample::promptTokens).toList();
    List<Integer> over = counts.stream().filter(check::offTarget).toList();
    if (!over.isEmpty()) {
      warnings.add(over.size() + " of " + counts.size() + " prompts were counted above " + check.target() + " ± "
          + check.tolerance() + " tokens (up to " + over.stream().mapToInt(Integer::intValue).max().orElseThrow()
          + ", flag " + PromptCheck.FLAG_OFF_TARGET + "): the unique marker's tokens grew with the request number");
    }
    List<Integer> truncated = counts.stream().filter(check::truncated).toList();
    return truncated.isEmpty() ? null
        : check.truncationReason(truncated.size(), counts.size(), truncated.stream().mapToInt(Integer::intValue).min().orElseThrow());
  }

  private static Double statistic(Map<Metric, MetricSample> distributions, Metric metric, Stat stat) {
    MetricSample sample = distributions.get(metric);
    return sample == null || sample.values().length == 0 ? null : sample.summary().get(stat);
  }

  private static ConstraintResult judge(
      ConstraintExpression constraint, Map<Metric, MetricSample> distributions, Map<Metric, Double> figures,
      CaseCounts counts, GoodRequests good, CheckedRequests checked, Baselines.Comparison baseline, Context context) {
    if (constraint.regression()) {
      return baseline.judge(constraint);
    }
    if (constraint.metric() == Metric.SUCCESS_RATE) {
      return ProportionJudge.judge(constraint, checked.proportion(), 100, checked.notMeasured(), context.alpha(),
          "requests passed every check");
    }
    if (constraint.metric() == Metric.SLO_ATTAINMENT) {
      return ProportionJudge.judge(constraint, good.proportion(), 100, good.notMeasured(), context.alpha());
    }
    if (constraint.metric() == Metric.GOODPUT) {
      // goodput = attainment × counted requests / window: the same bounds, scaled
      String notMeasured = good.notMeasured() != null ? good.notMeasured() : counts.wallMs() > 0 ? null : "no time elapsed";
      double scale = counts.wallMs() > 0 ? good.counted() / (counts.wallMs() / 1000) : Double.NaN;
      return ProportionJudge.judge(constraint, good.proportion(), scale, notMeasured, context.alpha());
    }
    if (constraint.metric() == Metric.ERROR_RATE) {
      return Judge.judgeErrorRate(constraint, counts.failed(), counts.measured());
    }
    if (!constraint.metric().isDistribution()) {
      return Judge.judgeFigure(constraint, figures.get(constraint.metric()));
    }
    return Judge.judge(constraint, distributions, context.confidence(), context.alpha());
  }

  /**
   * FAIL on a failed budget, or on a failed request that no {@code error_rate} constraint
   * tolerates; ERROR when the case ran out of time; INCONCLUSIVE on an undecided budget or when no
   * measured request finished; else PASS.
   */
  private static CaseAnalysis decide(
      Map<Metric, MetricSample> distributions, Map<Metric, Double> figures, CaseCounts counts, GoodRequests good,
      List<String> warnings,
      Baselines.Comparison baseline, List<ConstraintResult> results, List<RequestSample> measured, String timedOut,
      String truncation) {
    List<String> reasons = new ArrayList<>();
    if (truncation != null) {
      reasons.add(truncation);
    }
    results.stream().filter(r -> r.verdict() == Verdict.FAIL).forEach(r -> reasons.add(r.message()));
    boolean errorBudget = results.stream().anyMatch(r -> r.expression().metric() == Metric.ERROR_RATE);
    if (counts.failed() > 0 && !errorBudget) {
      String first = measured.stream().filter(s -> !s.succeeded()).findFirst().orElseThrow().error();
      reasons.add(counts.failed() + " of " + counts.measured() + " measured requests failed (first: " + first + ")");
    }
    CaseVerdict verdict;
    if (timedOut != null) {
      reasons.add(timedOut);
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
    return new CaseAnalysis(distributions, figures, counts, good, warnings, baseline, results, verdict, reasons);
  }

}
