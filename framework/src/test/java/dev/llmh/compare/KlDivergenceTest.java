package dev.llmh.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

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

  @Test
  void theRemainderIsOneBucketOnBothSides() {
    // reference: a 0.5, b 0.3, other 0.2; candidate: a 0.4, b 0.4, other 0.2
    KlDivergence.Position at = KlDivergence.at(position(" a", " a", 0.5, " b", 0.3), position(" a", " a", 0.4, " b", 0.4));
    double expected = 0.5 * Math.log(0.5 / 0.4) + 0.3 * Math.log(0.3 / 0.4) + 0.2 * Math.log(0.2 / 0.2);
    assertThat(at.kl()).isCloseTo(expected, within(1e-12)).isCloseTo(0.0253, within(1e-4));
    // a tie goes to the candidate's first listed token: the reference's
    assertThat(at.top1()).isTrue();
  }

  @Test
  void aTokenMissingFromTheCandidatesTopKGetsItsShareOfTheRemainder() {
    // reference: a 0.6, b 0.3, other 0.1; candidate lists b 0.5, c 0.3 (remainder 0.2): a is missing,
    // so q(a) = min(0.3, 0.2 / 2) = 0.1, and the candidate's other bucket is 1 − 0.1 − 0.5 = 0.4
    KlDivergence.Position at = KlDivergence.at(position(" a", " a", 0.6, " b", 0.3), position(" b", " b", 0.5, " c", 0.3));
    double expected = 0.6 * Math.log(0.6 / 0.1) + 0.3 * Math.log(0.3 / 0.5) + 0.1 * Math.log(0.1 / 0.4);
    assertThat(at.kl()).isCloseTo(expected, within(1e-12)).isCloseTo(0.7832, within(1e-4));
    assertThat(at.top1()).isFalse();
    assertThat(at.candidateLogprob()).isCloseTo(Math.log(0.1), within(1e-12));
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
