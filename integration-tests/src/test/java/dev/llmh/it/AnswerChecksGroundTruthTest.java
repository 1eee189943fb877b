package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.AnswerCheckScenarios;
import dev.llmh.measure.CheckOutcome;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ChecksRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Faults;
import dev.llmh.sim.SimTokenizer;
import dev.llmh.sim.SimulatedServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks on every answer against the simulator's known text: at max_tokens 8 it answers
 * {@code SimTokenizer.outputText(seed, 0, 8)}, eight words; a request told to ignore max_tokens
 * answers twelve ({@code " w0 … w11"}); a failed request answers nothing that counts.
 */
class AnswerChecksGroundTruthTest {

  @Test
  void theSuccessRateCountsAnswersOfKnownShapeAndAFailedRequestAsNotPassed(@TempDir Path results) {
    AnswerCheckScenarios.Noting.SEEN.clear();
    Faults faults = Faults.of(Faults.ignoresMaxTokens(4, 12), Faults.status(9, 500), Faults.ignoresMaxTokens(15, 12));
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast().withHook(faults))) {
      EngineRun run = EngineRun.watched(server.baseUrl(), results, AnswerCheckScenarios.EightWords.class);
      CaseResult result = run.record().results().get(0);
      String eightWords = SimTokenizer.outputText(result.settings().seed(), 0, 8);

      List<SampleRecord> samples = result.samples();
      assertThat(samples).hasSize(20);
      List<SampleRecord> failed = samples.stream().filter(s -> s.error() != null).toList();
      List<SampleRecord> twelve = samples.stream().filter(s -> s.error() == null && s.chunkCount() == 12).toList();
      assertThat(failed).hasSize(1);
      assertThat(twelve).hasSize(2);
      assertThat(failed.get(0).answer().checks()).as("a failed request's answer is not checked").isNull();
      for (SampleRecord s : samples) {
        if (s.error() == null) {
          boolean eight = s.chunkCount() == 8;
          assertThat(s.answer().checks()).containsExactly(
              new CheckOutcome("ExpectRegex", eight, eight ? null : "/(?s)^(\\s\\w+){8}$/ not found in the answer"),
              new CheckOutcome("notedWhereItRan", true, null));
        }
      }

      // every check ran after its request, on the worker that sent it, never on the stream reader; and saw the whole answer
      List<String> seen = List.copyOf(AnswerCheckScenarios.Noting.SEEN);
      assertThat(seen).hasSize(19).allMatch(s -> s.startsWith("llmh-worker-"));
      assertThat(seen.stream().map(s -> s.substring(s.indexOf('|') + 1)))
          .containsOnly(eightWords, " w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11")
          .filteredOn(eightWords::equals).hasSize(17);

      ChecksRecord checks = result.section(Section.CHECKS);
      assertThat(checks.names()).containsExactly("ExpectRegex", "notedWhereItRan");
      assertThat(checks.counted()).isEqualTo(20);
      assertThat(checks.passed()).isEqualTo(17);
      assertThat(checks.failed()).isEqualTo(Map.of("ExpectRegex", 2, "notedWhereItRan", 0));
      assertThat(checks.successRate()).isEqualTo(85.0);
      // Clopper–Pearson at 95% two-sided for 17 of 20 (scipy.stats.beta.ppf(0.025, 17, 4), ppf(0.975, 18, 3))
      assertThat(checks.successRateCi().get(0)).isCloseTo(62.11, within(0.05));
      assertThat(checks.successRateCi().get(1)).isCloseTo(96.79, within(0.05));

      // one-sided bounds at 95%: [65.6, 95.8]
      assertThat(result.constraints()).extracting(CaseResult.ConstraintRecord::verdict)
          .containsExactly("PASS", "INCONCLUSIVE", "FAIL", "PASS");
      assertThat(result.constraints().get(2).message())
          .startsWith("success_rate = 85 % [").contains("(17 of 20 requests passed every check) < budget 99 %: FAIL");
      assertThat(result.verdict()).isEqualTo("FAIL");
      assertThat(run.console()).contains("  checks     ExpectRegex, notedWhereItRan: 17 of 20 passed (ExpectRegex failed 2);"
          + " success rate 85.0% [62.1, 96.8]");
    }
  }

  @Test
  void prosePassesNoJsonCheckAndEachSampleSaysWhy(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast())) {
      EngineRun run = EngineRun.watched(server.baseUrl(), results, AnswerCheckScenarios.Json.class);
      CaseResult result = run.record().results().get(0);
      String answer = SimTokenizer.outputText(result.settings().seed(), 0, 8).strip();
      String quoted = answer.length() > 60 ? answer.substring(0, 60) + "\u2026" : answer;

      assertThat(result.samples()).hasSize(6).allSatisfy(s -> {
        assertThat(s.answer().checks()).singleElement().satisfies(c -> {
          assertThat(c.name()).isEqualTo("ExpectJson");
          assertThat(c.passed()).isFalse();
          assertThat(c.reason()).startsWith("not JSON: ").endsWith("(answer starts \"" + quoted + "\")");
        });
      });
      assertThat(result.section(Section.CHECKS).passed()).isZero();
      assertThat(result.section(Section.CHECKS).successRate()).isEqualTo(0.0);
      assertThat(result.constraints()).singleElement().satisfies(c -> {
        assertThat(c.verdict()).isEqualTo("FAIL");
        assertThat(c.message()).contains("(0 of 6 requests passed every check) < budget 95 %: FAIL");
      });
      assertThat(result.verdict()).isEqualTo("FAIL");
      // the same answer every time: its one reason, once
      assertThat(run.console()).containsOnlyOnce("  failed check: ExpectJson: not JSON: ")
          .contains("  checks     ExpectJson: 0 of 6 passed (ExpectJson failed 6); success rate 0.0% [0.0, 45.9]");
    }
  }

  @Test
  void anOpenLoopChecksEveryAnswerOnItsWorkerAndKeepsTheFindings(@TempDir Path results) {
    AnswerCheckScenarios.Noting.SEEN.clear();
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast())) {
      CaseResult result = EngineRun.of(server.baseUrl(), results, AnswerCheckScenarios.OpenLoop.class).record().results().get(0);
      assertThat(result.samples()).hasSize(8).allSatisfy(s -> {
        assertThat(s.scheduledMs()).isNotNull();
        assertThat(s.answer().checks()).containsExactly(
            new CheckOutcome("ExpectRegex", true, null), new CheckOutcome("notedWhereItRan", true, null));
      });
      assertThat(result.section(Section.CHECKS).passed()).isEqualTo(8);
      assertThat(result.section(Section.CHECKS).successRate()).isEqualTo(100.0);
      assertThat(AnswerCheckScenarios.Noting.SEEN).hasSize(8).allMatch(seen -> seen.startsWith("llmh-open-"));
    }
  }
}
