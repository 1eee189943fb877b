package dev.llmh.result;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A case's distribution comparison against a reference model ({@code @Compare}), as recorded.
 *
 * @param reference the reference model as asked
 * @param referenceEndpoint its base URL
 * @param topK log-probabilities asked per position
 * @param positions token positions compared: of the reference's greedy answer, or of the calibration text
 * @param teacherForced of those, the positions asked again of the candidate on the reference's prefix
 *     (after its own greedy text left the reference's)
 * @param klDivergence KL(reference ‖ candidate) over the positions, in nats; null when not measured
 * @param top1Agreement % of positions where the candidate's most likely token is the reference's
 * @param candidatePerplexity the candidate's perplexity on the reference's greedy text
 * @param referencePerplexity the reference's perplexity on its own greedy text, for scale
 * @param method how the remainder mass and missing tokens are handled (see dev.llmh.compare.KlDivergence)
 * @param calibration the calibration text compared over, or null: the reference's greedy answer
 * @param notMeasured why nothing was compared, else null
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CompareRecord(
    String reference,
    String referenceEndpoint,
    int topK,
    int positions,
    int teacherForced,
    KlSummary klDivergence,
    Double top1Agreement,
    Double candidatePerplexity,
    Double referencePerplexity,
    String method,
    Calibration calibration,
    String notMeasured) {

  /** How the figures are computed, recorded with them. */
  public static final String METHOD = "KL(reference || candidate) in nats over the reference's top-k tokens plus one bucket"
      + " for the rest of the vocabulary on both sides, a lower bound of the full divergence; a reference token missing"
      + " from the candidate's top-k gets the share that makes it least (at most the candidate's k-th probability, all"
      + " missing together at most its remainder), floor 1e-9; greedy, /v1/completions,"
      + " every position on the reference's prefix (teacher-forced once the candidate's greedy text departs)";

  /** The same over a calibration text, recorded instead of {@link #METHOD}. */
  public static final String METHOD_TEXT = "KL(reference || candidate) in nats over the reference's top-k tokens plus one bucket"
      + " for the rest of the vocabulary on both sides, a lower bound of the full divergence (missing tokens as in greedy"
      + " comparisons), floor 1e-9; every token of each paragraph of the calibration text after its first, both models on"
      + " the text before it (/completions with echo and logprobs); top-1 agreement of the two models' most likely tokens;"
      + " perplexities of the text's tokens; the mean's 95% interval by resampling whole paragraphs";

  /**
   * @param text the calibration text's path on the test classpath
   * @param paragraphs its paragraphs, each one prompt to each model
   */
  public record Calibration(String text, int paragraphs) {}

  /**
   * The statistics of the per-position divergences, in nats.
   *
   * @param meanCi the mean's 95% interval, over a calibration text only (null otherwise: the positions
   *     of one greedy answer follow from each other, and no interval could rest on them)
   */
  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  public record KlSummary(double mean, double p50, double p90, double p99, double max, java.util.List<Double> meanCi) {}

}
