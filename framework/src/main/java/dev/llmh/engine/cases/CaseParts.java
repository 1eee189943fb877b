package dev.llmh.engine.cases;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.MadePrompt;
import dev.llmh.feature.PreparedCase;
import dev.llmh.feature.PromptProbe;
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

  /** The prompt the first part that makes one made, or null when none does (the scenario wrote it). */
  MadePrompt prompt(PromptProbe probe) throws CaseFeature.Refused, InterruptedException {
    for (CaseFeature.Part<?> part : parts) {
      MadePrompt made = part.prompt(probe);
      if (made != null) {
        return made;
      }
    }
    return null;
  }

  void prepare(PreparedCase prepared) throws CaseFeature.Refused, InterruptedException {
    for (CaseFeature.Part<?> part : parts) {
      part.prepare(prepared);
    }
  }

  void measuring(List<RequestSample> warmup) {
    parts.forEach(part -> part.measuring(warmup));
  }

  RequestSample observe(dev.llmh.client.ChatRequest request, RequestSample sample) {
    RequestSample observed = sample;
    for (CaseFeature.Part<?> part : parts) {
      observed = part.observe(request, observed);
    }
    return observed;
  }

  /** Every part's flags on a measured request's record, in the parts' order. */
  List<String> flags(RequestSample sample) {
    List<String> flags = new ArrayList<>();
    parts.forEach(part -> flags.addAll(part.flags(sample)));
    return flags;
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

  /** A case not measured: each part writes what it had settled. */
  void recordUnmeasured(CaseResult.Builder record) {
    parts.forEach(part -> part.recordUnmeasured(record));
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
