package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.it.fixtures.JudgedScenarios;
import dev.llmh.judge.Blinding;
import dev.llmh.judge.JudgeRecord;
import dev.llmh.judge.SampleJudge;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.SimulatedServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @Judge} against a stand-in judge on the simulator ({@link StandInJudge}) whose scores are
 * known from the answers it is shown: the exact means and t intervals, the failures by reason, the
 * verdicts, the categories, the shuffled order recovered from the recorded seed and labels, and
 * judge requests that never name a candidate model and come after every measured request.
 */
class JudgeGroundTruthTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void twoModelsAreJudgedBlindedAndShuffledWithKnownScoresAndFailures(@TempDir Path results) throws IOException {
    StandInJudge standIn = new StandInJudge(JudgedScenarios.JUDGE);
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast().withHook(standIn))) {
      EngineRun run = EngineRun.watched(server.baseUrl(), results, JudgedScenarios.TwoModels.class);
      CaseResult alpha = run.caseNamed("ask[model=alpha,concurrency=1]");
      CaseResult beta = run.caseNamed("ask[model=beta,concurrency=1]");

      // alpha: 5, 4, 5, 4, 5, 4; mean 4.5, s = 0.5477, t(0.975, 5) = 2.5706 → [3.925, 5.075], clamped to the
      // scale: no mean of scores from 1 to 5 is above 5
      JudgeRecord a = alpha.section(Section.JUDGE);
      assertThat(a.scored()).isEqualTo(6);
      assertThat(a.failures()).isZero();
      assertThat(a.judgeScore()).isEqualTo(4.5);
      assertThat(a.judgeScoreCi().get(0)).isCloseTo(3.925, within(0.001));
      assertThat(a.judgeScoreCi().get(1)).isEqualTo(5.0);
      assertThat(a.model()).isEqualTo(JudgedScenarios.JUDGE);
      // beta: 2, 1, prose, HTTP 500, 7, 1; mean of [2, 1, 1] = 1.333, t(0.975, 2) = 4.3027 → [-0.101, 2.768],
      // the lower bound clamped to the scale's 1
      JudgeRecord b = beta.section(Section.JUDGE);
      assertThat(b.scored()).isEqualTo(3);
      assertThat(b.failures()).isEqualTo(3);
      assertThat(b.judgeScore()).isCloseTo(4.0 / 3, within(1e-9));
      assertThat(b.judgeScoreCi().get(0)).isEqualTo(1.0);
      assertThat(b.judgeScoreCi().get(1)).isCloseTo(2.768, within(0.001));
      assertThat(b.failureReasons()).isEqualTo(Map.of("unparseable judge reply", 1, "judge request failed", 1,
          "judge score out of range 1-5", 1));
      List<SampleJudge> betaJudged = beta.samples().stream().map(s -> s.answer().judge()).toList();
      assertThat(betaJudged.get(2).failure()).startsWith("unparseable judge reply: not one JSON object");
      assertThat(betaJudged.get(3).failure()).startsWith("judge request failed: HTTP 500");
      assertThat(betaJudged.get(4).failure()).isEqualTo("judge score out of range 1-5: 7");
      assertThat(betaJudged.get(4).score()).as("a failure is never a score").isNull();
      assertThat(betaJudged.get(0)).extracting(SampleJudge::score, SampleJudge::rationale)
          .containsExactly(2, "stand-in on poor answer 1");

      // one-sided bounds at 95%: alpha [4.049, 4.951], beta up to 2.307
      assertThat(alpha.constraints()).extracting(CaseResult.ConstraintRecord::verdict).containsExactly("PASS", "INCONCLUSIVE");
      assertThat(beta.constraints()).extracting(CaseResult.ConstraintRecord::verdict).containsExactly("FAIL", "FAIL");
      assertThat(beta.constraints().get(0).message())
          .startsWith("judge_score = 1.33 [").contains("(3 scored, 3 judge failures) < budget 3: FAIL");
      assertThat(alpha.verdict()).isEqualTo("INCONCLUSIVE");
      assertThat(beta.verdict()).isEqualTo("FAIL");
      // each test stayed open until its group was judged, and was then told its judged verdict
      assertThat(run.results().testEvents().started().count()).isEqualTo(2);
      assertThat(run.results().testEvents().aborted().count()).as("alpha: INCONCLUSIVE is skipped").isEqualTo(1);
      assertThat(run.results().testEvents().failed().count()).as("beta: FAIL").isEqualTo(1);
      assertThat(FailureTaxonomyTest.failureMessage(run)).contains("judge_score = 1.33 [");

      // the shuffled order, recovered from the seed and the labels: answers in run order, alpha's then beta's
      assertThat(b.shuffleSeed()).isEqualTo(a.shuffleSeed());
      assertThat(a.blindedWith()).containsExactly(alpha.caseId(), beta.caseId());
      List<SampleRecord> runOrder = Stream.concat(alpha.samples().stream(), beta.samples().stream()).toList();
      List<Integer> order = Blinding.order(12, a.shuffleSeed());
      assertThat(order).isNotEqualTo(IntStream.range(0, 12).boxed().toList());
      assertThat(standIn.judged).hasSize(12);
      for (int k = 0; k < 12; k++) {
        SampleRecord sample = runOrder.get(order.get(k));
        assertThat(sample.answer().judge().label()).isEqualTo(Blinding.label(k));
        assertThat(standIn.judged.get(k).label()).isEqualTo(Blinding.label(k));
        assertThat(standIn.judged.get(k).answer()).isEqualTo(sample.answer().text());
        assertThat(standIn.judged.get(k).question()).isEqualTo("Name a colour.");
      }
      // blinded: no judge request names a candidate, and none was sent before the last measured request ended
      for (StandInJudge.Asked asked : standIn.judged) {
        assertThat(asked.model()).isEqualTo(JudgedScenarios.JUDGE);
        assertThat(asked.body()).doesNotContain("alpha").doesNotContain("beta");
        // the reply's shape asked for as the protocol's response format, so a server that honours one sends no fence
        JsonNode format = JSON.readTree(asked.body()).path("response_format");
        assertThat(format.path("type").asText()).isEqualTo("json_schema");
        assertThat(format.path("json_schema").path("schema")).isEqualTo(JSON.readTree(
            "{\"type\":\"object\",\"properties\":{\"score\":{\"type\":\"integer\",\"enum\":[1,2,3,4,5]},"
                + "\"rationale\":{\"type\":\"string\"}},\"required\":[\"score\",\"rationale\"],\"additionalProperties\":false}"));
      }
      long lastCandidate = standIn.candidates.stream().mapToLong(Long::longValue).max().orElseThrow();
      assertThat(standIn.judged.get(0).number()).isGreaterThan(lastCandidate);

      // every answer, its label, score and rationale for a person, beside the results file
      String runFile;
      try (Stream<Path> files = Files.list(results)) {
        runFile = files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("run-") && n.endsWith(".json"))
            .findFirst().orElseThrow();
      }
      Path answers = results.resolve("answers-" + runFile.substring("run-".length(), runFile.length() - ".json".length()) + ".md");
      String text = Files.readString(answers);
      for (int k = 0; k < 12; k++) {
        assertThat(text).contains("#### " + Blinding.label(k) + " — ");
      }
      assertThat(text).contains("good answer 1").contains("Score **5**: stand-in on good answer 1")
          .contains("Judge failure: judge request failed: HTTP 500").contains("ask[model=beta,concurrency=1], request 4");
      assertThat(run.console()).contains("  judge      judge_score 4.50 [3.93, 5.00] over 6 scored; 0 judge failures")
          .contains("LLMH judged answers: ");
    }
  }

  @Test
  void aCategorisedFileIsBrokenDownByCategory(@TempDir Path results) {
    StandInJudge standIn = new StandInJudge(JudgedScenarios.JUDGE);
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast().withHook(standIn))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, JudgedScenarios.Categorised.class);
      JudgeRecord judge = run.record().results().get(0).section(Section.JUDGE);
      // lines 0, 1, 2, 0, 1, 2: good 1 → 5, poor 2 → 1, good 3 → 5, good 4 → 4, poor 5 → 7 (a failure), good 6 → 4
      assertThat(judge.scored()).isEqualTo(5);
      assertThat(judge.failures()).isEqualTo(1);
      assertThat(judge.judgeScore()).isCloseTo(3.8, within(1e-9));
      assertThat(judge.categories().keySet()).containsExactly("facts", "style");
      JudgeRecord.Category facts = judge.categories().get("facts");
      assertThat(List.of(facts.scored(), facts.failures())).containsExactly(3, 1);
      assertThat(facts.judgeScore()).isCloseTo(10.0 / 3, within(1e-9));
      JudgeRecord.Category style = judge.categories().get("style");
      assertThat(List.of(style.scored(), style.failures())).containsExactly(2, 0);
      assertThat(style.judgeScore()).isEqualTo(4.5);
      List<String> questions = new ArrayList<>();
      standIn.judged.forEach(a -> questions.add(a.question()));
      assertThat(questions).as("the judge is shown each line's prompt, without the harness's marker")
          .containsOnly("What is the capital of France?", "What is the capital of Peru? (poor)", "Write a haiku about latency.");
    }
  }
}
