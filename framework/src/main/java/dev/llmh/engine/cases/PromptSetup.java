package dev.llmh.engine.cases;

import dev.llmh.client.ServerContext;
import dev.llmh.synthetic.CalibrationRecord;
import dev.llmh.synthetic.PromptCheck;
import dev.llmh.verdict.CaseVerdict;

/**
 * What a case settled about its prompt before warming up: a synthetic prompt's calibrated text, the
 * server's context, and the check each measured request's prompt count goes through.
 *
 * @param text the synthetic prompt's text (marker not yet applied), or null for a written prompt
 * @param instruction the synthetic prompt's instruction, or null
 * @param calibration how the synthetic prompt was calibrated, or null
 * @param context the server's context when known, or null
 * @param failure why the case cannot be measured (calibration failed or found truncation), or null
 * @param failureVerdict FAIL when the server truncates the prompt, NOT_RUN when no prompt could be made
 */
record PromptSetup(
    String text, String instruction, CalibrationRecord calibration, ServerContext context, PromptCheck check, String failure,
    CaseVerdict failureVerdict) {

  static final PromptSetup NONE = new PromptSetup(null, null, null, null, PromptCheck.NONE, null, null);

  /**
   * What identifies the prompt to a baseline: a synthetic prompt by its target and instruction, not
   * by the words calibration chose, which may differ by one between runs.
   */
  String identity(String prompt) {
    return calibration == null ? prompt
        : "@SyntheticPrompt(tokens=" + calibration.target() + (instruction == null ? "" : ", instruction=" + instruction) + ")";
  }
}
