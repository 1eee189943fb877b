package dev.llmh.verdict;

import dev.llmh.analysis.CaseCounts;
import dev.llmh.baseline.Baselines;
import dev.llmh.constraint.Metric;
import dev.llmh.stats.MetricSample;
import java.util.List;
import java.util.Map;

/**
 * Everything decided about one case from its measured requests: the summaries keyed by metric
 * declaration, the per-case figures, the baseline comparison, each constraint's result, the case's
 * verdict with its reasons, and what each feature found. The record, the console, the reports and
 * the JUnit result are each a reader of this; none derives it again.
 *
 * @param requests the measured requests: how many, and their values by metric
 * @param figures per-case figures by metric, every case's and its features'; a null value could not be defined
 * @param warnings what a reader should know about the figures (flags, made-up counts, timeouts)
 * @param reasons why the verdict is what it is: failed budgets, failed requests, undecided budgets
 * @param findings what each of the case's features found, in the order of its features; empty when nothing was measured
 */
public record CaseAnalysis(
    Requests requests,
    Map<Metric, Double> figures,
    List<String> warnings,
    Baselines.Comparison baseline,
    List<ConstraintResult> constraints,
    CaseVerdict verdict,
    List<String> reasons,
    List<Findings> findings) {

  /**
   * The measured requests.
   *
   * @param distributions per-request (or pooled) values by metric; a null value is unknown
   * @param counts how many were sent, succeeded and counted, and their tokens and time
   */
  public record Requests(Map<Metric, MetricSample> distributions, CaseCounts counts) {}

  public CaseAnalysis {
    warnings = List.copyOf(warnings);
    constraints = List.copyOf(constraints);
    reasons = List.copyOf(reasons);
    findings = List.copyOf(findings);
  }

  /** A case with nothing measured (NOT_RUN, or ERROR when the harness broke): its one reason says why. */
  public static CaseAnalysis unmeasured(CaseVerdict verdict, String reason) {
    return new CaseAnalysis(new Requests(Map.of(), new CaseCounts(0, 0, 0, 0, 0, 0, 0)), Map.of(), List.of(),
        new Baselines.Comparison(null, List.of()), List.of(), verdict, List.of(reason), List.of());
  }

  /** What the feature whose findings are of {@code type} found, or null when the case has no such feature. */
  public <F extends Findings> F findings(Class<F> type) {
    return findings.stream().filter(type::isInstance).map(type::cast).findFirst().orElse(null);
  }

  /**
   * Whether more requests could decide nothing more, so an adaptive measurement stops here: every
   * budget on the requests is PASS or FAIL (a FAIL of one decides the case's verdict, not the other
   * budgets), or the case could not be measured at all (ERROR, NOT_RUN). Budgets on resources or on
   * the serving hardware may stay undecided: they are not measured for this endpoint however many
   * requests are sent; so may budgets a safeguard took back (an implausible decode rate, a figure
   * from declared inputs), and those on a feature's distribution the server gave no values for
   * (timings a server does not send).
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
        && !c.expression().metric().resource() && !c.expression().metric().compared() && !c.expression().metric().serverMetric()
        && !(c.expression().metric().byFeature() && Double.isNaN(c.observed()))
        && !Safeguards.takenBack(c)).toList();
  }

  /** The constraints that failed. */
  public List<ConstraintResult> failed() {
    return constraints.stream().filter(c -> c.verdict() == dev.llmh.verdict.Verdict.FAIL).toList();
  }
}
