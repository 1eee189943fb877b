package dev.llmh.compare;

import java.util.List;

/**
 * Compares a candidate model's next-token distributions with a reference's along the reference's
 * greedy answer to a prompt.
 *
 * <p>Every position must be conditioned on the same prefix for both models. The reference answers
 * the prompt greedily with its top-k log-probabilities; the candidate does the same, and as long as
 * its greedy tokens are the reference's, its positions are on the same prefix and are used as they
 * are. From the first position after the two texts part, each position is asked again of the
 * candidate (teacher forcing): a one-token request on the prompt followed by the reference's text
 * up to that position. The prefix is sent as text, so a server tokenises it again: where that
 * splits the reference's text into other tokens than the reference generated, the candidate's
 * position is conditioned on the same text but not the same tokens — with the word-level tokens of
 * real vocabularies and greedy text, rare. The count of forced positions is recorded.
 */
public final class Comparison {
  private Comparison() {}

  /**
   * @param candidateModel the case's model, or null for the endpoint's own
   * @param tokens tokens of the reference's greedy answer compared
   */
  public static CompareFigures run(
      String prompt, String candidateEndpoint, String candidateModel, String referenceEndpoint, String referenceModel,
      int tokens, int topK, java.time.Duration timeout) throws InterruptedException {
    LogprobsClient reference = new LogprobsClient(referenceEndpoint, timeout);
    LogprobsClient candidate = new LogprobsClient(candidateEndpoint, timeout);
    List<TokenLogprobs> referenceText;
    List<TokenLogprobs> candidateText;
    try {
      referenceText = reference.complete(referenceModel, prompt, tokens, topK);
      candidateText = candidate.complete(candidateModel, prompt, tokens, topK);
    } catch (LogprobsClient.NoLogprobs e) {
      return CompareFigures.notMeasured(referenceModel, reference.baseUrl(), topK, e.getMessage());
    }
    double[] kl = new double[referenceText.size()];
    double[] candidateLogprobs = new double[kl.length];
    double[] referenceLogprobs = new double[kl.length];
    int agree = 0;
    int forced = 0;
    boolean samePrefix = true;
    StringBuilder prefix = new StringBuilder(prompt);
    for (int i = 0; i < kl.length; i++) {
      TokenLogprobs expected = referenceText.get(i);
      TokenLogprobs actual;
      if (samePrefix && i < candidateText.size()) {
        actual = candidateText.get(i);
      } else {
        try {
          actual = candidate.complete(candidateModel, prefix.toString(), 1, topK).get(0);
        } catch (LogprobsClient.NoLogprobs e) {
          return CompareFigures.notMeasured(referenceModel, reference.baseUrl(), topK,
              "teacher forcing at position " + (i + 1) + " failed: " + e.getMessage());
        }
        forced++;
      }
      // the next position is on the same prefix only while the candidate generated the reference's token
      samePrefix = samePrefix && i < candidateText.size() && candidateText.get(i).token().equals(expected.token());
      KlDivergence.Position position = KlDivergence.at(expected, actual);
      kl[i] = position.kl();
      candidateLogprobs[i] = position.candidateLogprob();
      referenceLogprobs[i] = position.referenceLogprob();
      agree += position.top1() ? 1 : 0;
      prefix.append(expected.token());
    }
    StringBuilder text = new StringBuilder();
    referenceText.forEach(t -> text.append(t.token()));
    return new CompareFigures(new CompareFigures.Against(referenceModel, reference.baseUrl(), topK), kl, 100.0 * agree / kl.length,
        KlDivergence.perplexity(candidateLogprobs), KlDivergence.perplexity(referenceLogprobs), forced, text.toString(), null, null);
  }
}
