package dev.llmh.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * KL(reference ‖ candidate) at one token position from the two servers' top-k log-probabilities,
 * and the candidate's log-probability of the reference's token there.
 *
 * <p>Only the top k of each distribution are known, so the divergence is taken over k + 1 buckets:
 * the reference's top-k tokens, and one {@code other} bucket holding the rest of the vocabulary on
 * both sides (the reference's remainder 1 − Σ p, the candidate's 1 − Σ q over the same k tokens).
 * Lumping tokens together never raises a KL divergence (the log-sum inequality), so where both
 * servers list the true probabilities this is a lower bound on the full-vocabulary divergence, equal
 * to it when the top k hold all the mass.
 *
 * <p>A reference token missing from the candidate's top k has a candidate probability below the
 * candidate's k-th; it is given the candidate's remainder spread evenly over the missing tokens and
 * the {@code other} bucket — {@code min(q_k, (1 − Σ q_top) / (missing + 1))} — and never less than
 * {@link #FLOOR}, so that a token the candidate all but rules out costs a large but finite term.
 */
public final class KlDivergence {
  /** The least probability a bucket is given: ln(1/FLOOR) ≈ 20.7 nats per unit of reference mass. */
  public static final double FLOOR = 1e-9;

  private KlDivergence() {}

  /**
   * One position's comparison.
   *
   * @param kl KL(reference ‖ candidate) over the reference's top-k and the {@code other} bucket, in nats
   * @param candidateLogprob the candidate's log-probability of the reference's token (imputed as
   *     above when not in its top k)
   * @param referenceLogprob the reference's log-probability of its own token
   * @param top1 whether the candidate's most likely token is the reference's token
   */
  public record Position(double kl, double candidateLogprob, double referenceLogprob, boolean top1) {}

  /** Compares the candidate's distribution with the reference's at the same position, conditioned on the same prefix. */
  public static Position at(TokenLogprobs reference, TokenLogprobs candidate) {
    if (reference.top().isEmpty() || candidate.top().isEmpty()) {
      throw new IllegalArgumentException("a position without log-probabilities cannot be compared");
    }
    List<String> tokens = new ArrayList<>(reference.top().keySet());
    double[] p = new double[tokens.size()];
    double pSum = 0;
    for (int j = 0; j < p.length; j++) {
      p[j] = Math.exp(reference.top().get(tokens.get(j)));
      pSum += p[j];
    }
    double pOther = Math.max(0, 1 - pSum);

    Map<String, Double> listed = candidate.top();
    double qListed = 0;
    double qLeast = 1;
    for (double logprob : listed.values()) {
      double q = Math.exp(logprob);
      qListed += q;
      qLeast = Math.min(qLeast, q);
    }
    long missing = tokens.stream().filter(t -> !listed.containsKey(t)).count();
    double imputed = Math.max(FLOOR, Math.min(qLeast, Math.max(0, 1 - qListed) / (missing + 1)));

    double kl = 0;
    double qSum = 0;
    for (int j = 0; j < p.length; j++) {
      Double logprob = listed.get(tokens.get(j));
      double q = logprob == null ? imputed : Math.max(FLOOR, Math.exp(logprob));
      qSum += q;
      kl += p[j] * Math.log(p[j] / q);
    }
    if (pOther > 0) {
      kl += pOther * Math.log(pOther / Math.max(FLOOR, 1 - qSum));
    }
    Double candidateOwn = listed.get(reference.token());
    double candidateLogprob = candidateOwn != null ? candidateOwn : Math.log(imputed);
    Double referenceOwn = reference.top().get(reference.token());
    return new Position(kl, candidateLogprob, referenceOwn == null ? Double.NaN : referenceOwn,
        reference.token().equals(candidate.mostLikely()));
  }

  /** exp(−mean log-probability): the perplexity of a text given its tokens' log-probabilities. */
  public static double perplexity(double[] logprobs) {
    if (logprobs.length == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (double l : logprobs) {
      sum += l;
    }
    return Math.exp(-sum / logprobs.length);
  }
}
