package dev.llmh.compare;

/**
 * What a distribution comparison found for one case, or why it found nothing.
 *
 * @param against what the case was compared with
 * @param kl KL(reference ‖ candidate) per compared position, in nats, in text order; null when not measured
 * @param top1Agreement % of the positions where the candidate's most likely token is the reference's
 * @param candidatePerplexity the candidate's perplexity on the reference's greedy text
 * @param referencePerplexity the reference's perplexity on its own greedy text, for scale
 * @param forced positions after the candidate's own greedy text left the reference's, each asked
 *     again on the prompt and the reference's text up to it (teacher forcing)
 * @param referenceText the reference's greedy text the positions are of; null over a calibration text
 * @param calibration the calibration text the positions are of, or null: the reference's greedy answer
 * @param notMeasured why nothing was compared, else null
 */
public record CompareFigures(
    Against against, double[] kl, Double top1Agreement, Double candidatePerplexity, Double referencePerplexity, int forced,
    String referenceText, Calibration calibration, String notMeasured) {

  /**
   * @param reference the reference model as asked
   * @param endpoint the reference's base URL
   * @param topK log-probabilities asked per position
   */
  public record Against(String reference, String endpoint, int topK) {}

  /**
   * @param text the calibration text's path on the test classpath
   * @param paragraphs its paragraphs, each sent as one prompt
   * @param klMeanCi the 95% interval of the mean divergence, whole paragraphs resampled
   */
  public record Calibration(String text, int paragraphs, dev.llmh.stats.Interval klMeanCi) {}

  public static CompareFigures notMeasured(String reference, String endpoint, int topK, String reason) {
    return new CompareFigures(new Against(reference, endpoint, topK), null, null, null, null, 0, null, null, reason);
  }

  public int positions() {
    return kl == null ? 0 : kl.length;
  }
}
