package dev.llmh.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.constraint.ConstraintParser;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The judge's reply read strictly, the blinding labels, and a score budget judged on the t bounds. */
class JudgeReplyTest {

  @Test
  void onlyOneObjectWithAWholeScoreFromOneToFiveAndARationaleIsAScore() {
    assertThat(JudgeReply.parse(" {\"score\": 4, \"rationale\": \" right \"}\n")).isEqualTo(new JudgeReply(4, "right", null));
    assertThat(failure("Score: 4")).startsWith("unparseable judge reply: not one JSON object");
    // a fence around the whole reply is taken off; anything around the fence, or a second fence, is not
    assertThat(JudgeReply.parse("```json\n{\"score\": 4, \"rationale\": \"r\"}\n```\n")).isEqualTo(new JudgeReply(4, "r", null));
    assertThat(JudgeReply.parse("```\n{\"score\": 2, \"rationale\": \"r\"}```")).isEqualTo(new JudgeReply(2, "r", null));
    assertThat(failure("Here it is:\n```json\n{\"score\": 4, \"rationale\": \"r\"}\n```"))
        .startsWith("unparseable judge reply: not one JSON object");
    assertThat(failure("```json\n{\"score\": 4, \"rationale\": \"r\"}\n```\n```json\n{\"score\": 1, \"rationale\": \"r\"}\n```"))
        .startsWith("unparseable judge reply: not one JSON object");
    assertThat(failure("```json\n{\"score\": 9, \"rationale\": \"r\"}\n```")).isEqualTo("judge score out of range 1-5: 9");
    assertThat(failure("{\"score\": 4, \"rationale\": \"r\"} and more"))
        .startsWith("unparseable judge reply: not one JSON object");
    assertThat(failure("[4]")).isEqualTo("unparseable judge reply: not a JSON object: [4]");
    assertThat(failure("{\"score\": 4.5, \"rationale\": \"r\"}"))
        .startsWith("unparseable judge reply: \"score\" is not a whole number (4.5)");
    assertThat(failure("{\"score\": \"4\", \"rationale\": \"r\"}"))
        .startsWith("unparseable judge reply: \"score\" is not a whole number");
    assertThat(failure("{\"score\": 0, \"rationale\": \"r\"}")).isEqualTo("judge score out of range 1-5: 0");
    assertThat(failure("{\"score\": 6, \"rationale\": \"r\"}")).isEqualTo("judge score out of range 1-5: 6");
    assertThat(failure("{\"score\": 3}")).startsWith("unparseable judge reply: \"rationale\" is missing");
    assertThat(failure("")).isEqualTo("unparseable judge reply: empty");
    assertThat(JudgeReply.parse("{\"score\": 3}").score()).isNull();
  }

  private static String failure(String reply) {
    return JudgeReply.parse(reply).failure();
  }

  @Test
  void labelsAreColumnLettersAndTheOrderIsAPermutationFixedByItsSeed() {
    assertThat(List.of(Blinding.label(0), Blinding.label(25), Blinding.label(26), Blinding.label(27)))
        .containsExactly("Answer A", "Answer Z", "Answer AA", "Answer AB");
    IntStream.range(0, 800).forEach(k -> assertThat(Blinding.position(Blinding.label(k))).isEqualTo(k));
    List<Integer> order = Blinding.order(30, 7);
    assertThat(order).containsExactlyInAnyOrderElementsOf(IntStream.range(0, 30).boxed().toList());
    assertThat(order).isEqualTo(Blinding.order(30, 7)).isNotEqualTo(Blinding.order(30, 8));
  }

  @Test
  void aScoreBudgetIsJudgedOnTheOneSidedTBoundsOfTheMean() {
    // 5, 4, 5, 4: mean 4.5, s = 0.577, se = 0.289, t(0.95, 3) = 2.353: bounds [3.82, 5.18], the upper
    // one clamped to the scale's 5
    double[] scores = {5, 4, 5, 4};
    ConstraintResult pass = ScoreVerdict.judge(ConstraintParser.parse("judge_score >= 3.5"), scores, 1, 0.05);
    assertThat(pass.verdict()).isEqualTo(Verdict.PASS);
    assertThat(pass.message()).isEqualTo("judge_score = 4.50 [3.82, 5.00] (4 scored, 1 judge failure) >= budget 3.5: PASS");
    assertThat(pass.bounds().upper()).isEqualTo(5.0);
    assertThat(ScoreVerdict.judge(ConstraintParser.parse("judge_score >= 4"), scores, 0, 0.05).verdict())
        .isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(ScoreVerdict.judge(ConstraintParser.parse("judge_score < 3.8"), scores, 0, 0.05).verdict())
        .isEqualTo(Verdict.FAIL);
    assertThat(ScoreVerdict.judge(ConstraintParser.parse("judge_score >= 3"), new double[] {5}, 0, 0.05).message())
        .endsWith("INCONCLUSIVE: too few scores to bound the mean (at least 2 needed)");
    assertThat(ScoreVerdict.judge(ConstraintParser.parse("judge_score >= 3"), new double[0], 4, 0.05).message())
        .isEqualTo("judge_score not measured (no answer was scored (0 scored, 4 judge failures)) against budget 3: INCONCLUSIVE");
  }

  @Test
  void theBoundsStayOnTheScale() {
    // 2, 1, 1: mean 1.33, s = 0.577, se = 0.333, t(0.95, 2) = 2.920: t bounds [0.36, 2.31]; no mean of
    // scores from 1 to 5 is below 1, so the lower bound is 1 and a budget of at least 1 holds
    ConstraintResult low = ScoreVerdict.judge(ConstraintParser.parse("judge_score >= 1"), new double[] {2, 1, 1}, 0, 0.05);
    assertThat(low.message()).isEqualTo("judge_score = 1.33 [1.00, 2.31] (3 scored, 0 judge failures) >= budget 1: PASS");
    assertThat(low.bounds().lower()).isEqualTo(1.0);
    assertThat(ScoreVerdict.judge(ConstraintParser.parse("judge_score <= 5"), new double[] {5, 4, 5, 4}, 0, 0.05).verdict())
        .isEqualTo(Verdict.PASS);
  }
}
