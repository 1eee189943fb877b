package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.TrainedScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ChecksRecord;
import dev.llmh.result.Section;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, point 4, as far as it holds: the project's trained {@code answers-s}, measured by LLMH
 * itself on the embedded engine, answers held-out questions it never trained on — checked against
 * each question, not a fixed answer — and its Q8_0 answers about as well as its F16. A
 * random-weight model passes none of these checks, and a model that lost a task fails its floor
 * (docs/guide/trained-models.md has the figures the floors come from).
 */
class TrainedModelsTest {
  private static final String F16 = "answers-s";
  private static final String Q8_0 = "answers-s-q8_0";
  /**
   * The lowest success rate (%) each task's case may have at F16, by the case's name: the rate
   * measured when the model was shipped less about twice the half-width of its 95% interval (about 15
   * points at 40 questions), as two runs of the same model differed by up to three answers in 40.
   */
  private static final Map<String, Double> FLOORS = Map.of(
      "heldout-film-json", 75.0, "heldout-weather-tool", 55.0, "heldout-short-answer", 80.0, "heldout-arithmetic", 5.0);
  /** The same for the reasoning case, where the five-number sums count as failed (they never answer). */
  private static final double REASONING_FLOOR = 35.0;
  /** How many of the 160 answers Q8_0 may get wrong beyond F16's: 8 points, a third of a broken task. */
  private static final int Q8_0_SLACK = 13;

  @Test
  void theTrainedModelAnswersHeldOutQuestionsAndItsQ80AnswersAsItsF16(@TempDir Path results) {
    EngineRun run = EngineRun.watched(Map.of("llmh.endpoint", "embedded", "llmh.embedded.model", F16,
            "llmh.embedded.modelsDir", results.resolve("models").toString(), "llmh.model", F16 + "," + Q8_0),
        results, TrainedScenarios.FilmJson.class, TrainedScenarios.WeatherTool.class,
        TrainedScenarios.ShortAnswer.class, TrainedScenarios.Arithmetic.class, TrainedScenarios.Reasoning.class);
    List<CaseResult> cases = run.record().results();
    for (CaseResult c : cases) { // what a failed answer said, to tell a model that lost a task from one that slipped
      System.out.println(c.caseId() + ": " + c.section(Section.CHECKS) + c.samples().stream()
          .filter(s -> s.answer().checks() != null && s.answer().checks().stream().anyMatch(o -> !o.passed())).limit(3)
          .map(s -> "\n  " + s.answer().text() + " " + s.answer().checks()).toList());
    }
    assertThat(cases).hasSize(10).allSatisfy(c -> {
      assertThat(c.section(Section.ERROR)).as(c.caseId()).isNull();
      assertThat(c.requests().succeeded()).as(c.caseId()).isEqualTo(40);
      assertThat(c.endpoint().servedModel()).isEqualTo("llmh-" + c.params().get("model"));
    });
    int f16Passed = 0;
    int q8Passed = 0;
    for (Map.Entry<String, Double> floor : FLOORS.entrySet()) {
      ChecksRecord f16 = checks(cases, floor.getKey(), F16);
      assertThat(f16.counted()).isEqualTo(40);
      assertThat(f16.successRate()).as("%s at F16: %s", floor.getKey(), f16).isGreaterThanOrEqualTo(floor.getValue());
      f16Passed += f16.passed();
      q8Passed += checks(cases, floor.getKey(), Q8_0).passed();
    }
    assertThat(q8Passed).as("answers passed at Q8_0 and F16 of 160").isGreaterThanOrEqualTo(f16Passed - Q8_0_SLACK);
    // the tool calls came back as OpenAI tool_calls, not as text that looks like one
    CaseResult weather = caseOf(cases, "heldout-weather-tool", F16);
    assertThat(weather.samples()).filteredOn(s -> s.answer().toolCalls() != null && !s.answer().toolCalls().isEmpty())
        .hasSizeGreaterThanOrEqualTo(36)
        .allSatisfy(s -> assertThat(String.valueOf(s.answer().text())).doesNotContain("<tool_call>"));
    assertThinkingIsReasoningAndALongSumRunsOutOfTokens(caseOf(cases, "heldout-reasoning", F16));
  }

  /**
   * Constrained output on a model that answers: asked for keys it never learnt, the free model keeps
   * to its own, so hardly an answer is valid; under the schema every answer is. What the grammar made
   * it write there is another matter, counted by the same check ({@code copied}).
   */
  @Test
  void underASchemaEveryAnswerIsValidWhereFreeHardlyOneIs(@TempDir Path results) {
    EngineRun run = EngineRun.of(Map.of("llmh.endpoint", "embedded", "llmh.embedded.model", F16,
            "llmh.embedded.modelsDir", results.resolve("models").toString(), "llmh.model", F16),
        results, TrainedScenarios.FilmOtherKeys.class, TrainedScenarios.FilmOtherKeysConstrained.class);
    ChecksRecord free = run.caseNamed("film-other-keys[concurrency=1]", TrainedScenarios.FilmOtherKeys.class).section(Section.CHECKS);
    ChecksRecord constrained = run.caseNamed("film-other-keys[concurrency=1]", TrainedScenarios.FilmOtherKeysConstrained.class)
        .section(Section.CHECKS);
    System.out.println("free: " + free + "\nconstrained: " + constrained);
    assertThat(free.counted()).isEqualTo(40);
    assertThat(constrained.counted()).isEqualTo(40);
    assertThat(free.failed().get("ExpectJson")).as("free answers without the keys asked for").isGreaterThanOrEqualTo(36);
    assertThat(constrained.failed()).as("under the schema").containsEntry("ExpectJson", 0);
    // valid is not right: the grammar leaves the values to the model, which copies the title as it
    // learnt to but, under a key it never wrote a year after, mostly loses the year (7 and 9 of 40 both
    // right in two runs, against 39 of 40 with its own keys)
    assertThat(constrained.passed()).as("name and released both the sentence's").isBetween(2, 24);
  }

  /**
   * The same model spoken to in Ollama's API ({@code llmh.api=ollama-chat}, {@code POST /api/chat}):
   * its tool calls come as {@code message.tool_calls} and its thinking as {@code message.thinking},
   * and LLMH reads them as it reads OpenAI's {@code tool_calls} and {@code reasoning_content}.
   */
  @Test
  void throughOllamasApiTheToolCallsAndTheThinkingAreReadAlike(@TempDir Path results) {
    EngineRun run = EngineRun.of(Map.of("llmh.endpoint", "embedded", "llmh.embedded.model", F16, "llmh.api", "ollama-chat",
            "llmh.embedded.modelsDir", results.resolve("models").toString(), "llmh.model", F16),
        results, TrainedScenarios.WeatherTool.class, TrainedScenarios.Reasoning.class);
    List<CaseResult> cases = run.record().results();
    assertThat(cases).hasSize(2).allSatisfy(c -> {
      assertThat(c.section(Section.ERROR)).as(c.caseId()).isNull();
      assertThat(c.requests().succeeded()).as(c.caseId()).isEqualTo(40);
      assertThat(c.endpoint().api()).isEqualTo("ollama-chat");
    });
    @SuppressWarnings("unchecked")
    Map<String, Object> described = ((List<Map<String, Object>>) run.record().environment().get("servers")).get(0);
    assertThat(described).as("the server's description, its /v1/models asked at the root").containsEntry("server", "llmh-embedded");
    assertThat(((List<?>) described.get("models"))).singleElement().asString().contains("model=llmh-answers-s", "digest=sha256:");
    CaseResult weather = run.caseNamed("heldout-weather-tool[concurrency=1]");
    assertThat(weather.section(Section.CHECKS).successRate()).as("%s", weather.section(Section.CHECKS))
        .isGreaterThanOrEqualTo(FLOORS.get("heldout-weather-tool"));
    assertThat(weather.samples()).filteredOn(s -> s.answer().toolCalls() != null && !s.answer().toolCalls().isEmpty())
        .hasSizeGreaterThanOrEqualTo(36)
        .allSatisfy(s -> assertThat(s.outputTokens()).as("Ollama's eval_count").isGreaterThan(10));
    assertThinkingIsReasoningAndALongSumRunsOutOfTokens(run.caseNamed("heldout-reasoning[concurrency=1]"));
  }

  /**
   * A two-number sum thinks in a units and a tens line, then answers; a five-number sum thinks in
   * four lines of running totals, past the case's 48 tokens, so its answer never comes: LLMH flags
   * it no_answer. The thinking is reasoning text, never the answer's.
   */
  private static void assertThinkingIsReasoningAndALongSumRunsOutOfTokens(CaseResult reasoning) {
    ChecksRecord checks = reasoning.section(Section.CHECKS);
    System.out.println(reasoning.caseId() + ": " + checks);
    List<dev.llmh.result.SampleRecord> samples = reasoning.samples();
    assertThat(samples).allSatisfy(s -> {
      assertThat(s.answer().reasoningText()).as("%s", s).isNotBlank();
      assertThat(String.valueOf(s.answer().text())).doesNotContain("<think>").doesNotContain("units:");
    });
    List<dev.llmh.result.SampleRecord> longSums = samples.stream().filter(s -> !s.answer().reasoningText().contains("units:")).toList();
    assertThat(longSums).as("five-number sums among 40 questions").hasSizeBetween(5, 20)
        .allSatisfy(s -> assertThat(s.finishReason()).isEqualTo("length"));
    // a long sum whose thinking came out a few tokens shorter may begin its answer before the budget ends
    assertThat(longSums).filteredOn(s -> s.flags().contains("no_answer")).hasSizeGreaterThanOrEqualTo(longSums.size() - 2)
        .allSatisfy(s -> assertThat(s.answer().text()).isNullOrEmpty());
    assertThat(samples).filteredOn(s -> s.answer().reasoningText().contains("units:"))
        .hasSizeGreaterThanOrEqualTo(20).allSatisfy(s -> assertThat(s.flags()).doesNotContain("no_answer"));
    assertThat(checks.successRate()).isGreaterThanOrEqualTo(REASONING_FLOOR);
  }

  private static ChecksRecord checks(List<CaseResult> cases, String task, String model) {
    return caseOf(cases, task, model).section(Section.CHECKS);
  }

  private static CaseResult caseOf(List<CaseResult> cases, String task, String model) {
    return cases.stream().filter(c -> c.caseId().startsWith(task + "[") && model.equals(c.params().get("model")))
        .findFirst().orElseThrow(() -> new AssertionError("no case " + task + " of " + model + " in "
            + cases.stream().map(CaseResult::caseId).toList()));
  }
}
