package dev.llmh.calibration;

import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.RunServices;
import dev.llmh.plan.CasePlan;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The prompt as the server counts it: a {@code @SyntheticPrompt} case's text calibrated to its exact
 * length before the warm-up, the server's context, and every measured request's prompt checked
 * against both. Keeps, for the run, how many words came close for each target on each endpoint,
 * so that the next case of the same length (another concurrency) usually needs one calibration
 * request.
 */
public final class CalibrationFeature implements CaseFeature, CaseFeature.Provider {
  private final Map<String, Integer> hints = new ConcurrentHashMap<>();

  @Override
  public CaseFeature open(RunServices run) {
    return new CalibrationFeature();
  }

  @Override
  public Part<PromptFindings> part(CasePlan plan) {
    return new CalibrationPart(plan, hints);
  }
}
