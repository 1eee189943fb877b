package dev.llmh.verdict;

import dev.llmh.analysis.CaseCounts;
import dev.llmh.analysis.CheckedRequests;
import dev.llmh.analysis.GoodRequests;
import dev.llmh.analysis.ResourceFigures;
import dev.llmh.baseline.Baselines;
import dev.llmh.constraint.Metric;
import dev.llmh.stats.MetricSample;
import java.util.List;
import java.util.Map;

/**
 * Everything decided about one case from its measured requests: the summaries keyed by metric
 * declaration, the per-case figures, the baseline comparison, each constraint's result and the
 * case's verdict with its reasons. The record, the console, the reports and the JUnit result are
 * each a reader of this; none derives it again.
 *
 * @param distributions per-request (or pooled) values by metric; a null value is unknown
 * @param figures per-case figures by metric; a null value could not be defined
 * @param good the requests that met the {@code @Slo}, or why that was not measured
 * @param warnings what a reader should know about the figures (flags, made-up counts, timeouts)
 * @param reasons why the verdict is what it is: failed budgets, failed requests, undecided budgets
 * @param hardware the serving hardware's figures (memory, CPU, GPUs, energy, cost), or why each is not measured
 * @param checked the requests whose answers passed every check, or why that was not measured
 * @param compare what the distribution comparison against a reference model found, or null when none is declared
 */
public record CaseAnalysis(
    Map<Metric, MetricSample> distributions,
    Map<Metric, Double> figures,
    CaseCounts counts,
    GoodRequests good,
    List<String> warnings,
    Baselines.Comparison baseline,
    List<ConstraintResult> constraints,
    CaseVerdict verdict,
    List<String> reasons,
    ResourceFigures hardware,
    CheckedRequests checked,
    dev.llmh.compare.CompareFigures compare) {

  public CaseAnalysis {
    checked = checked == null ? CheckedRequests.NONE : checked;
    warnings = List.copyOf(warnings);
    constraints = List.copyOf(constraints);
    reasons = List.copyOf(reasons);
  }

  /** Without a distribution comparison. */
  public CaseAnalysis(
      Map<Metric, MetricSample> distributions, Map<Metric, Double> figures, CaseCounts counts, GoodRequests good,
      List<String> warnings, Baselines.Comparison baseline, List<ConstraintResult> constraints, CaseVerdict verdict,
      List<String> reasons, ResourceFigures hardware, CheckedRequests checked) {
    this(distributions, figures, counts, good, warnings, baseline, constraints, verdict, reasons, hardware, checked, null);
  }

  /** Without the serving hardware's figures: nothing was sampled. */
  public CaseAnalysis(
      Map<Metric, MetricSample> distributions, Map<Metric, Double> figures, CaseCounts counts, GoodRequests good,
      List<String> warnings, Baselines.Comparison baseline, List<ConstraintResult> constraints, CaseVerdict verdict,
      List<String> reasons) {
    this(distributions, figures, counts, good, warnings, baseline, constraints, verdict, reasons,
        ResourceFigures.none("nothing was measured"), null);
  }

  /** This analysis with the serving hardware's figures. */
  CaseAnalysis with(ResourceFigures h) {
    return new CaseAnalysis(distributions, figures, counts, good, warnings, baseline, constraints, verdict, reasons, h, checked, compare);
  }

  /** This analysis with what the checks found of the answers. */
  CaseAnalysis with(CheckedRequests c) {
    return new CaseAnalysis(distributions, figures, counts, good, warnings, baseline, constraints, verdict, reasons, hardware, c, compare);
  }

  /** This analysis with what the distribution comparison found. */
  CaseAnalysis with(dev.llmh.compare.CompareFigures c) {
    return new CaseAnalysis(distributions, figures, counts, good, warnings, baseline, constraints, verdict, reasons, hardware, checked, c);
  }

  /** A case with nothing measured (NOT_RUN, or ERROR when the harness broke): its one reason says why. */
  public static CaseAnalysis unmeasured(CaseVerdict verdict, String reason) {
    return new CaseAnalysis(Map.of(), Map.of(), new CaseCounts(0, 0, 0, 0, 0, 0, 0),
        new GoodRequests(null, 0, 0, reason), List.of(),
        new Baselines.Comparison(null, List.of()), List.of(), verdict, List.of(reason));
  }

  /**
   * Whether more requests could decide nothing more, so an adaptive measurement stops here: every
   * budget on the requests is PASS or FAIL (a FAIL of one decides the case's verdict, not the other
   * budgets), or the case could not be measured at all (ERROR, NOT_RUN). Budgets on resources or on
   * the serving hardware may stay undecided: they are not measured for this endpoint however many
   * requests are sent; so may budgets a safeguard took back (an implausible decode rate, a figure
   * from declared inputs).
   */
  public boolean settled() {
    if (verdict == CaseVerdict.NOT_RUN || verdict == CaseVerdict.ERROR) {
      return true;
    }
    return !(verdict == CaseVerdict.INCONCLUSIVE && constraints.isEmpty()) && undecidedByRequests().isEmpty();
  }

  /** The INCONCLUSIVE budgets that more requests could decide: those on the requests themselves. */
  public List<ConstraintResult> undecidedByRequests() {
    return constraints.stream().filter(c -> c.verdict() == dev.llmh.verdict.Verdict.INCONCLUSIVE
        && !c.expression().metric().resource() && !c.expression().metric().compared()
        && !Safeguards.takenBack(c)).toList();
  }

  /** The constraints that failed. */
  public List<ConstraintResult> failed() {
    return constraints.stream().filter(c -> c.verdict() == dev.llmh.verdict.Verdict.FAIL).toList();
  }
}
