package dev.llmh.calibration;

import dev.llmh.measure.RequestSample;
import dev.llmh.synthetic.PromptFlags;
import dev.llmh.verdict.Findings;
import java.util.List;

/**
 * What the server's counts of the measured prompts say: synthetic prompts counted above their
 * tolerance (a warning), and prompts the server truncated (a failure: what was measured is not the
 * workload asked for).
 *
 * @param warnings the warning for prompts counted above their target, or none
 * @param failure why the case fails for truncated prompts, or null when none was truncated
 */
public record PromptFindings(List<String> warnings, String failure) implements Findings {

  public PromptFindings {
    warnings = List.copyOf(warnings);
  }

  static PromptFindings of(PromptCheck check, List<RequestSample> measured) {
    List<Integer> counts = measured.stream().filter(RequestSample::succeeded).map(x -> x.tokens().promptTokens()).toList();
    List<Integer> over = counts.stream().filter(check::offTarget).toList();
    List<String> warnings = over.isEmpty() ? List.of()
        : List.of(over.size() + " of " + counts.size() + " prompts were counted above " + check.target() + " ± "
            + check.tolerance() + " tokens (up to " + over.stream().mapToInt(Integer::intValue).max().orElseThrow()
            + ", flag " + PromptFlags.OFF_TARGET + "): the unique marker's tokens grew with the request number");
    List<Integer> truncated = counts.stream().filter(check::truncated).toList();
    String failure = truncated.isEmpty() ? null
        : check.truncationReason(truncated.size(), counts.size(), truncated.stream().mapToInt(Integer::intValue).min().orElseThrow());
    return new PromptFindings(warnings, failure);
  }
}
