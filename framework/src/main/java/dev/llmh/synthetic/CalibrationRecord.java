package dev.llmh.synthetic;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * How a {@code @SyntheticPrompt} case's prompt was brought to its length: the unmeasured requests
 * sent for it (one output token each) and what the server counted for each.
 *
 * @param target the length asked for, in the server's tokens
 * @param tolerance tokens either side of the target that count as on target (±2% or ±4)
 * @param words the filler words the measured prompts carry, or null when calibration failed
 * @param promptTokens the server's count of the prompt chosen, or null when calibration failed
 * @param requests every calibration request, in order
 * @param error why no prompt of the target length could be made, or null
 */
public record CalibrationRecord(
    int target,
    int tolerance,
    Integer words,
    @JsonProperty("prompt_tokens") Integer promptTokens,
    List<Request> requests,
    String error) {

  public CalibrationRecord {
    requests = requests == null ? List.of() : List.copyOf(requests);
  }

  /**
   * One calibration request.
   *
   * @param words filler words sent
   * @param promptTokens the server's count of the prompt, or null when it gave none
   * @param e2eMs how long the request took
   * @param error why it failed, or null
   */
  public record Request(
      int words,
      @JsonProperty("prompt_tokens") Integer promptTokens,
      @JsonProperty("e2e_ms") Double e2eMs,
      String error) {}
}
