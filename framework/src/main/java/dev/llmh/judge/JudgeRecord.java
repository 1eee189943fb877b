package dev.llmh.judge;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * A judged case's scores ({@code results[].judge}): the metric {@code judge_score}, the judge's
 * failures counted apart, and the scores by prompt category.
 *
 * @param endpoint the judge's endpoint URL
 * @param model the judge's model as asked, or null for the endpoint's own choice
 * @param shuffleSeed the seed of the shuffle that gave the answers of this case and of the cases in
 *     {@code blindedWith} their labels ({@code dev.llmh.judge.Blinding})
 * @param blindedWith the case ids whose answers to the same prompts were shuffled together with this
 *     case's (itself included), in run order
 * @param scored answers that got a score
 * @param failures ({@code judge_failures}) answers that got none: a failed request, a failed judge
 *     request, a reply that is no score
 * @param failureReasons the failures by kind of reason, each sample's {@code judge.failure} in full
 * @param judgeScore the mean score, or null when none was given
 * @param judgeScoreCi the two-sided t interval of the mean at {@code llmh.confidence}; ends null when
 *     fewer than two scores
 * @param notMeasured why there is no {@code judge_score}, or null
 * @param categories scores by the {@code category} of the {@code @PromptFile} lines; absent when no
 *     line has one
 * @param warning what a reader must know about the judge (another model judged than the one named), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JudgeRecord(
    String endpoint,
    String model,
    String rubric,
    @JsonProperty("shuffle_seed") long shuffleSeed,
    @JsonProperty("blinded_with") List<String> blindedWith,
    int scored,
    @JsonProperty("judge_failures") int failures,
    @JsonProperty("failure_reasons") Map<String, Integer> failureReasons,
    @JsonProperty("judge_score") Double judgeScore,
    @JsonProperty("judge_score_ci") List<Double> judgeScoreCi,
    @JsonProperty("not_measured") String notMeasured,
    Map<String, Category> categories,
    String warning) {

  /** One category's scores. */
  public record Category(
      int scored, int failures, @JsonProperty("judge_score") Double judgeScore,
      @JsonProperty("judge_score_ci") List<Double> judgeScoreCi) {}
}
