package dev.llmh.compare;

import java.util.ArrayList;
import java.util.Arrays;
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
 * <p>A reference token missing from the candidate's top k has an unknown candidate probability: at
 * most the candidate's k-th, and all the missing tokens together at most the candidate's remainder.
 * The divergence is taken at the least those limits allow ({@link #leastShares}), so it stays a lower
 * bound. The candidate's log-probability of a missing reference token, which only the perplexity
 * uses, is an estimate instead: the candidate's remainder spread evenly over the missing tokens and
 * the {@code other} bucket, {@code min(q_k, (1 − Σ q_top) / (missing + 1))}, never less than {@link
 * #FLOOR}.
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
    double[] q = candidateSide(tokens, p, pOther, listed, qLeast, Math.max(0, 1 - qListed));

    double kl = 0;
    double qSum = 0;
    for (int j = 0; j < p.length; j++) {
      qSum += q[j];
      kl += p[j] > 0 ? p[j] * Math.log(p[j] / q[j]) : 0;
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

  /** The candidate's probability of each of the reference's {@code tokens}: as listed, or the least share where missing. */
  private static double[] candidateSide(
      List<String> tokens, double[] p, double pOther, Map<String, Double> listed, double qLeast, double remainder) {
    double open = 1;
    List<Integer> missing = new ArrayList<>();
    for (int j = 0; j < p.length; j++) {
      Double logprob = listed.get(tokens.get(j));
      if (logprob == null) {
        missing.add(j);
      } else {
        open -= Math.exp(logprob);
      }
    }
    double[] shares = leastShares(missing.stream().mapToDouble(j -> p[j]).toArray(), pOther, qLeast, remainder, Math.max(0, open));
    double[] q = new double[p.length];
    for (int j = 0, m = 0; j < p.length; j++) {
      Double logprob = listed.get(tokens.get(j));
      q[j] = Math.max(FLOOR, logprob == null ? shares[m++] : Math.exp(logprob));
    }
    return q;
  }

  /**
   * The candidate probabilities of the missing reference tokens (reference probabilities {@code p})
   * that make the lumped divergence least, each at most {@code qMax} (the candidate's k-th) and all
   * together at most {@code remainder} (what the candidate's top k leave); {@code open} is what the
   * missing tokens and the {@code other} bucket share on the candidate's side. The divergence falls
   * as a missing token gets more and rises as the {@code other} bucket gets less, so at its least
   * each missing token gets {@code min(qMax, λ·p)}, {@code λ} being what the {@code other} bucket
   * keeps per unit of the reference's {@code pOther}, unless the remainder runs out first.
   */
  static double[] leastShares(double[] p, double pOther, double qMax, double remainder, double open) {
    double least = Arrays.stream(p).filter(x -> x > 0).min().orElse(1);
    double saturated = qMax / least;
    double most = Math.min(remainder, taken(p, saturated, qMax));
    double lambda = saturated;
    if (pOther > 0) {
      lambda = solve(l -> l * pOther + taken(p, l, qMax) - open, open / pOther);
    }
    if (taken(p, lambda, qMax) > most) {
      lambda = solve(l -> taken(p, l, qMax) - most, saturated);
    }
    double[] shares = new double[p.length];
    for (int j = 0; j < p.length; j++) {
      shares[j] = Math.min(qMax, lambda * p[j]);
    }
    return shares;
  }

  /** Σ min(qMax, λ·p): what the missing tokens get at {@code lambda}. */
  private static double taken(double[] p, double lambda, double qMax) {
    double sum = 0;
    for (double x : p) {
      sum += Math.min(qMax, lambda * x);
    }
    return sum;
  }

  /** The root of a non-decreasing {@code f} between 0 (where it is at most 0) and {@code high} (at least 0), by bisection. */
  private static double solve(java.util.function.DoubleUnaryOperator f, double high) {
    double low = 0;
    for (int i = 0; i < 200 && low < high; i++) {
      double middle = (low + high) / 2;
      if (f.applyAsDouble(middle) < 0) {
        low = middle;
      } else {
        high = middle;
      }
    }
    return high;
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
