package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.SyntheticScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.FitRecord;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import dev.llmh.stats.LinearFit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exact-token prompts and server contexts against the simulator, which counts prompt tokens with its
 * own tokenizer, adds a chat template's tokens per message, and cuts a prompt longer than its context
 * the way Ollama does (silently, reporting the cut count): what the server counted for every measured
 * request is the truth the harness is checked against.
 */
class SyntheticPromptGroundTruthTest {

  /**
   * The server's first chunk of each measured request after its slot against its schedule (5 ms,
   * then its prompt at 4,000 tok/s), by {@link Offsets#lateDisagreement}: a prefill counted over
   * the wrong tokens would be off by the 48 ms between the two shortest lengths; and each client TTFT
   * against the server's span from arrival, by {@link Offsets#spanDisagreement}.
   */
  private static void assertTtftsAreTheServersOnItsSchedule(List<SampleRecord> samples, List<ServedRequest> measured) {
    Offsets late = Offsets.of("server first chunk after slot",
        measured.stream().map(r -> GroundTruth.ms(r.times().contentChunkNanos().get(0) - r.times().slotAcquiredNanos())).toList(),
        measured.stream().map(r -> 5 + r.outcome().promptTokens() / 4.0).toList());
    Offsets ttft = Offsets.of("ttft", samples.stream().map(s -> s.times().ttftMs()).toList(),
        measured.stream().map(r -> GroundTruth.ms(r.times().contentChunkNanos().get(0) - r.times().arrivalNanos())).toList());
    System.out.println(late + "\n" + ttft);
    assertThat(late.lateDisagreement(Offsets.SPAN_FLOOR_MS, (256 - 64) / 4.0)).as("%s", late).isNull();
    assertThat(ttft.spanDisagreement((256 - 64) / 4.0)).as("%s", ttft).isNull();
  }

  @Test
  void everyMeasuredPromptHasItsLengthAsTheServerCountsItAndTheFitFindsThePrefillRate(@TempDir Path results)
      throws InterruptedException {
    SimulatorSettings settings = SimulatorSettings.defaults().withSlots(1).withChatTemplateTokens(7)
        .withPrefillTokensPerSecond(4000).withDecodeTokensPerSecond(1000).withFirstTokenDelay(java.time.Duration.ofMillis(5));
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineRun run = EngineRun.watched(Map.of("llmh.endpoint", server.baseUrl()), results, SyntheticScenarios.Sweep.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(3).succeeded(3));
      RunRecord record = run.record();
      List<ServedRequest> served = server.servedRequests();
      List<ServedRequest> allMeasured = new ArrayList<>();
      List<SampleRecord> allSamples = new ArrayList<>();
      int next = 0;
      for (CaseResult result : record.results()) {
        int target = ((Number) result.params().get("promptTokens")).intValue();
        assertThat(result.section(Section.CALIBRATION)).as(result.caseId()).isNotNull();
        int calibration = result.section(Section.CALIBRATION).requests().size();
        assertThat(calibration).isBetween(1, 8);
        assertThat(result.section(Section.CALIBRATION).promptTokens()).isCloseTo(target, within(Math.max(4, target / 50)));
        // The server's record, in order: calibration requests (one output token), warm-up, then the measured ones.
        List<ServedRequest> calibrationServed = served.subList(next, next + calibration);
        assertThat(calibrationServed).allSatisfy(r -> assertThat(r.outcome().completionTokens()).isEqualTo(1));
        List<ServedRequest> measured = served.subList(next + calibration + 1, next + calibration + 1 + 4);
        next += calibration + 1 + 4;
        assertThat(measured).allSatisfy(r -> assertThat(r.outcome().promptTokens()).as(result.caseId() + " as the server counted it")
            .isCloseTo(target, within(Math.max(4, target / 50))));
        assertThat(result.samples()).extracting(SampleRecord::promptTokens)
            .containsExactlyElementsOf(measured.stream().map(r -> r.outcome().promptTokens()).toList());
        allMeasured.addAll(measured);
        allSamples.addAll(result.samples());
        assertThat(result.verdict()).isEqualTo("PASS");
      }
      assertThat(served).hasSize(next);

      assertThat(record.fits()).hasSize(1);
      FitRecord fit = record.fits().get(0);
      assertThat(fit.scenario()).isEqualTo(SyntheticScenarios.Sweep.class.getName());
      assertThat(fit.model()).isEqualTo("any");
      assertThat(fit.concurrency()).isEqualTo(1);
      assertThat(fit.line().n()).isEqualTo(12);
      assertThat(fit.line().lengths()).containsExactly(64, 256, 1024);
      // Linear enough to give a rate; how close to 1 depends on how busy the machine is, so R² is
      // checked against the same least squares below rather than against a fixed 0.99.
      assertThat(fit.line().r2()).isGreaterThan(LinearFit.LINEAR_R2);
      // The simulator prefills 4,000 tokens a second, 0.25 ms a token, on its own schedule; each TTFT
      // is the server's; the fit is the least squares of those TTFTs on the server's counts, exactly.
      assertTtftsAreTheServersOnItsSchedule(allSamples, allMeasured);
      LinearFit expected = LinearFit.of(allSamples.stream().mapToDouble(SampleRecord::promptTokens).toArray(),
          allSamples.stream().mapToDouble(s -> s.times().ttftMs()).toArray()).orElseThrow();
      assertThat(fit.line().slopeMsPerToken()).isCloseTo(expected.slope(), within(1e-9));
      assertThat(fit.line().r2()).isCloseTo(expected.r2(), within(1e-9));
      assertThat(fit.prefillTokensPerSecond()).isCloseTo(1000 / expected.slope(), within(1e-6));
      assertThat(fit.ci().get(0)).isLessThanOrEqualTo(fit.prefillTokensPerSecond());
      assertThat(fit.ci().get(1)).isGreaterThanOrEqualTo(fit.prefillTokensPerSecond());
      assertThat(run.console()).containsPattern("prefill [0-9],[0-9]{3} tok/s \\[[0-9,]+, [0-9,]+\\]: TTFT = [0-9]+ ms \\+ "
          + String.format(java.util.Locale.ROOT, "%.3f", fit.line().slopeMsPerToken()).replace(".", "\\.") + " ms/token \\(R² "
          + String.format(java.util.Locale.ROOT, "%.3f", fit.line().r2()).replace(".", "\\."));
      assertThat(run.recordText()).contains("\"slope_ms_per_token\"", "\"prefill_tokens_per_s\"", "\"calibration\"");
    }
  }

  @Test
  void aPromptLongerThanTheContextFailsTheCaseNamingTheContextAndTheOption(@TempDir Path results) {
    EngineRun run = onOllamaWithA512TokenContext(results, SyntheticScenarios.LongerThanContext.class);
    run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
    CaseResult result = run.record().results().get(0);
    assertThat(result.verdict()).isEqualTo("FAIL");
    assertThat(result.samples()).isEmpty(); // nothing measured on a truncated prompt
    assertThat(result.section(Section.CALIBRATION).requests()).extracting(r -> r.promptTokens()).contains(512);
    assertThat(result.section(Section.CONTEXT)).isEqualTo(new CaseResult.ContextRecord(512, "/api/show parameters num_ctx"));
    assertThat(String.join("\n", result.verdictReasons()))
        .contains("512 tokens (/api/show parameters num_ctx)", "options = \"num_ctx=2048\"", "-Dllmh.options=num_ctx=2048");
  }

  @Test
  void theContextOptionReachesOllamaAndTheCasePasses(@TempDir Path results) {
    EngineRun run = onOllamaWithA512TokenContext(results, SyntheticScenarios.ContextRaised.class);
    run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    CaseResult result = run.record().results().get(0);
    assertThat(result.section(Section.OPTIONS)).containsEntry("num_ctx", 2048).containsEntry("keep_alive", "10m");
    assertThat(result.section(Section.CONTEXT)).isEqualTo(new CaseResult.ContextRecord(2048, "option num_ctx"));
    assertThat(result.samples()).allSatisfy(s -> assertThat(s.promptTokens()).isCloseTo(1024, within(20)));
  }

  @Test
  void llmhOptionsReplaceTheDeclaredOnes(@TempDir Path results) {
    EngineRun run = onOllamaWithA512TokenContext(
        results, SyntheticScenarios.LongerThanContext.class, "llmh.options", "num_ctx=4096,num_batch=64");
    run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(run.record().results().get(0).section(Section.OPTIONS)).containsOnlyKeys("num_ctx", "num_batch");
  }

  @Test
  void aWrittenPromptCutToTheContextIsFlaggedAndFailsTheCase(@TempDir Path results) {
    EngineRun run = onOllamaWithA512TokenContext(results, SyntheticScenarios.WrittenTooLong.class);
    run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
    CaseResult result = run.record().results().get(0);
    assertThat(result.samples()).hasSize(3).allSatisfy(s -> {
      assertThat(s.promptTokens()).isEqualTo(512);
      assertThat(s.flags()).contains("prompt_truncated");
    });
    assertThat(String.join("\n", result.verdictReasons()))
        .contains("3 of 3 measured requests had their prompt truncated", "512 tokens (/api/show parameters num_ctx)",
            "num_ctx=2048");
  }

  @Test
  void aServerThatReportsNoPromptTokensGetsAnErrorNamingTheFix(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withSendsUsage(false))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, SyntheticScenarios.LongerThanContext.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.verdict()).isEqualTo("NOT_RUN");
      assertThat(result.section(Section.ERROR)).contains("reported no prompt token count", "stream_options.include_usage", "@Prompt");
      assertThat(result.section(Section.CALIBRATION).requests()).hasSize(1);
    }
  }

  /**
   * Runs {@code scenario} over Ollama's chat API on a simulator whose context is 512 tokens,
   * with {@code llmh.*} properties given as key, value pairs.
   */
  private static EngineRun onOllamaWithA512TokenContext(Path results, Class<?> scenario, String... properties) {
    Map<String, String> config = new java.util.HashMap<>();
    for (int i = 0; i < properties.length; i += 2) {
      config.put(properties[i], properties[i + 1]);
    }
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withContextTokens(512))) {
      config.put("llmh.endpoint", server.rootUrl());
      config.put("llmh.api", "ollama-chat");
      return EngineRun.of(config, results, scenario);
    }
  }
}
