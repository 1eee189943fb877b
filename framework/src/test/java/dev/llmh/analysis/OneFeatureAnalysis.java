package dev.llmh.analysis;

import dev.llmh.baseline.Baselines;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.measure.RequestSample;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.CaseAnalyzer;
import dev.llmh.verdict.Findings;
import java.util.List;
import java.util.function.Function;

/**
 * A case analysed with one feature's findings and nothing else that could move its figures or verdict:
 * model "m" at 128 max tokens, no warnings, harness or prompt check, no baseline, decided at 95%
 * confidence (alpha 0.05), as each test of one feature needs.
 */
final class OneFeatureAnalysis {
  private OneFeatureAnalysis() {}

  static CaseAnalysis analyze(
      List<RequestSample> samples, Function<MeasuredCase, ? extends Findings> feature, List<String> constraints) {
    return CaseAnalyzer.analyze(
        new CaseAnalyzer.Context(null, 128,
            new CaseAnalyzer.Budgets(constraints.stream().map(ConstraintParser::parse).toList(), 0.95, 0.05), null,
            List.of(), null, List.of(feature)),
        samples, null, "m", new Baselines.Comparison(null, List.of()));
  }
}
