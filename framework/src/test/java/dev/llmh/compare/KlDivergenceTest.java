package dev.llmh.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The arithmetic against distributions worked out by hand. */
class KlDivergenceTest {

  private static TokenLogprobs position(String token, Object... tokenProbability) {
    Map<String, Double> top = new LinkedHashMap<>();
    for (int i = 0; i < tokenProbability.length; i += 2) {
      top.put((String) tokenProbability[i], Math.log((Double) tokenProbability[i + 1]));
    }
    return new TokenLogprobs(token, top);
  }

  @Test
  void identicalDistributionsDivergeByNothingAndAgree() {
    TokenLogprobs p = position(" a", " a", 0.5, " b", 0.3, " c", 0.1);
    KlDivergence.Position at = KlDivergence.at(p, p);
    assertThat(at.kl()).isEqualTo(0.0);
    assertThat(at.top1()).isTrue();
    assertThat(at.candidateLogprob()).isCloseTo(Math.log(0.5), within(1e-12));
  }

  /** Divergences worked out by hand: what each says, the two top lists, the exact sum and its value to four places. */
  static Stream<Arguments> handWorked() {
    // the least divergence below its limits has q(a)/0.2 = q(other)/0.7 with q(a) + q(other) = 0.7
    double qa = 0.7 * 0.2 / 0.9;
    return Stream.of(
        // reference: a 0.5, b 0.3, other 0.2; candidate: a 0.4, b 0.4, other 0.2
        Arguments.of("the remainder is one bucket on both sides",
            position(" a", " a", 0.5, " b", 0.3), position(" a", " a", 0.4, " b", 0.4),
            0.5 * Math.log(0.5 / 0.4) + 0.3 * Math.log(0.3 / 0.4) + 0.2 * Math.log(0.2 / 0.2), 0.0253),
        // reference: a 0.6, b 0.3, other 0.1; candidate lists b 0.5, c 0.3 (remainder 0.2): a is missing, so
        // q(a) is at most 0.2. The divergence falls as q(a) grows (the other bucket's term rises slower
        // until q(a) = 3/7), so its least is at q(a) = 0.2, the candidate's other bucket 1 − 0.2 − 0.5 = 0.3
        Arguments.of("a token missing from the candidate's top k gets the most the candidate's remainder allows",
            position(" a", " a", 0.6, " b", 0.3), position(" b", " b", 0.5, " c", 0.3),
            0.6 * Math.log(0.6 / 0.2) + 0.3 * Math.log(0.3 / 0.5) + 0.1 * Math.log(0.1 / 0.3), 0.3961),
        // reference: a 0.2, b 0.1, other 0.7; candidate lists c 0.4, b 0.3 (remainder 0.3): q(a) = 0.7·0.2/0.9
        Arguments.of("below its limits a missing token gets the other bucket's ratio",
            position(" a", " a", 0.2, " b", 0.1), position(" c", " c", 0.4, " b", 0.3),
            0.2 * Math.log(0.2 / qa) + 0.1 * Math.log(0.1 / 0.3) + 0.7 * Math.log(0.7 / (0.7 - qa)), 0.1163));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("handWorked")
  void theDivergenceIsTheOneWorkedOutByHand(
      String what, TokenLogprobs reference, TokenLogprobs candidate, double expected, double fourPlaces) {
    assertThat(KlDivergence.at(reference, candidate).kl()).isCloseTo(expected, within(1e-12))
        .isCloseTo(fourPlaces, within(1e-4));
  }

  @Test
  void aTieGoesToTheCandidatesFirstListedTokenTheReferences() {
    assertThat(KlDivergence.at(position(" a", " a", 0.5, " b", 0.3), position(" a", " a", 0.4, " b", 0.4)).top1()).isTrue();
  }

  @Test
  void aTokenMissingFromTheCandidatesTopKIsNoAgreementAndGetsPartOfTheRemainderForThePerplexity() {
    KlDivergence.Position at = KlDivergence.at(position(" a", " a", 0.6, " b", 0.3), position(" b", " b", 0.5, " c", 0.3));
    assertThat(at.top1()).isFalse();
    // the perplexity's estimate: the remainder spread over a and the other bucket, min(0.3, 0.2 / 2)
    assertThat(at.candidateLogprob()).isCloseTo(Math.log(0.1), within(1e-12));
  }

  @Test
  void theFigureNeverExceedsTheFullVocabularyDivergence() {
    // random distributions over 4 to 12 tokens, each server listing its top 3, the candidate often the
    // reference a little moved (its top 3 reordered at the edge): whatever the candidate's unlisted
    // tokens hold, the figure is at most the divergence over the whole vocabulary
    Random random = new Random(11);
    int missingPositions = 0;
    for (int trial = 0; trial < 20_000; trial++) {
      int n = 4 + random.nextInt(9);
      double[] p = distribution(random, n, 1 + random.nextInt(4));
      double[] q = random.nextBoolean() ? distribution(random, n, 1 + random.nextInt(4)) : blend(random, p);
      TokenLogprobs reference = top(p, 3);
      TokenLogprobs candidate = top(q, 3);
      double full = 0;
      for (int t = 0; t < p.length; t++) {
        full += p[t] * Math.log(p[t] / q[t]);
      }
      if (!candidate.top().keySet().containsAll(reference.top().keySet())) {
        missingPositions++;
      }
      assertThat(KlDivergence.at(reference, candidate).kl()).as("trial %d", trial).isLessThanOrEqualTo(full + 1e-9 * Math.max(1, full)); // rounding: 1 − Σ against the sum itself
    }
    assertThat(missingPositions).as("positions with a missing token").isGreaterThan(5_000);
  }

  /** Random probabilities over {@code n} tokens, peaked by {@code power}, none below 10⁻⁶. */
  private static double[] distribution(Random random, int n, int power) {
    double[] d = new double[n];
    double sum = 0;
    for (int t = 0; t < n; t++) {
      d[t] = 1e-6 + Math.pow(random.nextDouble(), power);
      sum += d[t];
    }
    for (int t = 0; t < n; t++) {
      d[t] /= sum;
    }
    return d;
  }

  /** {@code p} moved a random part of the way to another random distribution: close, sometimes reordered. */
  private static double[] blend(Random random, double[] p) {
    double[] other = distribution(random, p.length, 2);
    double w = Math.pow(random.nextDouble(), 3) * 0.5;
    double[] q = new double[p.length];
    for (int t = 0; t < p.length; t++) {
      q[t] = (1 - w) * p[t] + w * other[t];
    }
    return q;
  }

  /** The {@code k} most likely tokens of {@code d}, as a server lists them, its most likely as the token. */
  private static TokenLogprobs top(double[] d, int k) {
    Integer[] order = IntStream.range(0, d.length).boxed().sorted((a, b) -> Double.compare(d[b], d[a])).toArray(Integer[]::new);
    Map<String, Double> top = new LinkedHashMap<>();
    for (int i = 0; i < k; i++) {
      top.put("t" + order[i], Math.log(d[order[i]]));
    }
    return new TokenLogprobs("t" + order[0], top);
  }

  @Test
  void aMissingTokenNeverGetsMoreThanTheCandidatesKthProbability() {
    // candidate lists only b 0.05 (remainder 0.95): q(a) = min(0.05, 0.95 / 2) = 0.05
    KlDivergence.Position at = KlDivergence.at(position(" a", " a", 0.9), position(" b", " b", 0.05));
    double expected = 0.9 * Math.log(0.9 / 0.05) + 0.1 * Math.log(0.1 / 0.95);
    assertThat(at.kl()).isCloseTo(expected, within(1e-12));
  }

  @Test
  void aCandidateThatRulesTheTokenOutCostsTheFloorNotInfinity() {
    // the candidate's top-k holds all its mass: a missing token gets the floor
    KlDivergence.Position at = KlDivergence.at(position(" a", " a", 1.0), position(" b", " b", 1.0));
    assertThat(at.kl()).isCloseTo(Math.log(1 / KlDivergence.FLOOR), within(1e-9)).isFinite();
  }

  @Test
  void perplexityIsTheExponentOfTheMeanNegativeLogprob() {
    assertThat(KlDivergence.perplexity(new double[] {Math.log(0.5), Math.log(0.25)}))
        .isCloseTo(Math.sqrt(8), within(1e-12));
    assertThat(KlDivergence.perplexity(new double[0])).isNaN();
  }
}
