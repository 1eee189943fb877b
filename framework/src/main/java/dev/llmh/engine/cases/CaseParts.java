package dev.llmh.engine.cases;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.PreparedCase;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.Findings;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** One case's part of every feature, each hook called on all of them in registration order. */
final class CaseParts implements AutoCloseable {
  private final List<CaseFeature.Part<?>> parts;

  private CaseParts(List<CaseFeature.Part<?>> parts) {
    this.parts = parts;
  }

  static CaseParts of(List<CaseFeature> features, CasePlan plan) {
    return new CaseParts(features.stream().<CaseFeature.Part<?>>map(f -> f.part(plan)).toList());
  }

  void prepare(PreparedCase prepared) throws CaseFeature.Refused, InterruptedException {
    for (CaseFeature.Part<?> part : parts) {
      part.prepare(prepared);
    }
  }

  void measuring(List<RequestSample> warmup) {
    parts.forEach(part -> part.measuring(warmup));
  }

  RequestSample observe(RequestSample sample) {
    RequestSample observed = sample;
    for (CaseFeature.Part<?> part : parts) {
      observed = part.observe(observed);
    }
    return observed;
  }

  /** What each part finds of a case's measured requests, for the analysis, which knows no feature. */
  List<Function<MeasuredCase, ? extends Findings>> analyses() {
    List<Function<MeasuredCase, ? extends Findings>> analyses = new ArrayList<>();
    parts.forEach(part -> analyses.add(part::findings));
    return analyses;
  }

  /** Each part writes its sections from the findings it made, which the analysis keeps in the parts' order. */
  void record(CaseAnalysis analysis, CaseResult.Builder record) {
    for (int i = 0; i < parts.size(); i++) {
      write(parts.get(i), analysis.findings().get(i), record);
    }
  }

  @SuppressWarnings("unchecked") // findings.get(i) was made by parts.get(i)
  private static <F extends Findings> void write(CaseFeature.Part<F> part, Findings found, CaseResult.Builder record) {
    part.record((F) found, record);
  }

  @Override
  public void close() {
    parts.forEach(CaseFeature.Part::close);
  }
}
