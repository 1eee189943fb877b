package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.FaultScenarios;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Faults;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that misbehaves on purpose — answers with a web page, rate-limits, ignores
 * {@code max_tokens}, makes up its token counts, sends bytes that are not UTF-8, never stops —
 * and the harness's record says exactly what happened, request by request, with nothing lost:
 * succeeded + failed = measured in every case. Six measured requests one at a time, so simulator
 * request k is measured request k.
 */
class HostileServerTest {
  private static final int FAULTY = 3;

  private static SampleRecord oneFailure(Faults.Fault fault, Map<String, String> config, Path results) {
    return FailureTaxonomyTest.oneFailure(fault, config, results);
  }

  private static SimulatorSettings fast() {
    return FailureTaxonomyTest.fast();
  }

  private static String failureMessage(EngineRun run) {
    return FailureTaxonomyTest.failureMessage(run);
  }

  @Test
  void anHtmlPageWithStatus200IsAnUnexpectedContentType(@TempDir Path results) {
    SampleRecord failed = oneFailure(Faults.htmlPage(FAULTY), Map.of(), results);
    assertThat(failed.error()).isEqualTo("unexpected content type text/html: <!DOCTYPE html> <html><head><title>Sign in</title>"
        + "</head> <body><h1>Sign in to continue</h1></body></html>");
  }

  @Test
  void aRateLimitKeepsItsRetryAfter(@TempDir Path results) {
    SampleRecord failed = oneFailure(Faults.rateLimited(FAULTY, "7"), Map.of(), results);
    assertThat(failed.error()).startsWith("HTTP 429 (Retry-After: 7): ").contains("rate limited: slow down");
    assertThat(failed.retryAfter()).isEqualTo("7");
  }

  @Test
  void aStreamThatNeverEndsIsCutByTheRequestTimeout(@TempDir Path results) {
    SampleRecord failed =
        oneFailure(Faults.endless(FAULTY, Duration.ofMillis(20)), Map.of("llmh.timeout.request", "1s"), results);
    assertThat(failed.error()).isEqualTo("request timeout: the response did not end within 1 s of sending"
        + " (llmh.timeout.request); the request was cancelled");
    // It kept streaming text all along: neither the idle nor the first-token timeout could end it.
    assertThat(failed.chunkCount()).isGreaterThan(10);
    // Not before the timeout; how late after it a busy machine's timer fires is the machine's, and the
    // error above already says which timer ended it (the stream itself never would).
    assertThat(failed.times().endMs()).isGreaterThanOrEqualTo(1000.0);
  }

  /**
   * The case's time starts once its endpoint is open: here opening takes twice the case timeout (the
   * first model listing is that slow), and the case still sends its first request, which never ends
   * and is cut at the deadline.
   */
  @Test
  void aCaseEndsAtItsDeadlineWithWhatWasInFlightCancelledAndCounted(@TempDir Path results) throws Exception {
    Duration timeout = Duration.ofMillis(1500);
    try (SlowOpeningServer server = new SlowOpeningServer(timeout.multipliedBy(2))) {
      EngineRun run = EngineRun.of(
          Map.of("llmh.endpoint", server.baseUrl(), "llmh.timeout.case", "1500ms"), results, FaultScenarios.Plain.class);

      run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.requests().measured()).isEqualTo(1);
      assertThat(result.requests().failed()).isEqualTo(1);
      assertThat(result.samples()).singleElement().satisfies(s ->
          assertThat(s.error()).startsWith("case timeout: the case reached its deadline (llmh.timeout.case)"));
      assertThat(result.section(Section.WARNINGS).get(0)).isEqualTo("case timeout: the case reached llmh.timeout.case (1500 ms) after 1 of 6"
          + " planned measured requests had been sent; requests in flight were cancelled and no more were sent");
      assertThat(failureMessage(run)).contains("case timeout: the case reached llmh.timeout.case (1500 ms)");
      // On the server's clock: the stream began after the endpoint was open, and was cut no sooner
      // than a whole case timeout after that: the opening was not counted.
      assertThat(server.cut(1, Duration.ofSeconds(10))).singleElement().satisfies(stream -> {
        assertThat(stream.arrivedNanos()).isGreaterThan(server.listingAnsweredNanos);
        assertThat(stream.cutNanos() - server.listingAnsweredNanos).isGreaterThanOrEqualTo(timeout.toNanos());
      });
    }
  }

  @Test
  void aServerIgnoringMaxTokensIsFlaggedNotTrusted(@TempDir Path results) {
    CaseResult result = allSucceed(Faults.ignoresMaxTokens(FAULTY, 300), results);
    SampleRecord flooded = result.samples().get(FAULTY - 1);
    assertThat(flooded.chunkCount()).isEqualTo(300);
    assertThat(flooded.flags()).contains(RequestMetrics.FLAG_EXCEEDS_MAX_TOKENS);
    assertThat(result.samples()).filteredOn(s -> s.flags().contains(RequestMetrics.FLAG_EXCEEDS_MAX_TOKENS)).hasSize(1);
    assertThat(result.section(Section.WARNINGS)).contains("1 of 6 succeeded requests produced more than max_tokens = 4"
        + " (flag exceeds_max_tokens): the server ignored the limit, so they are not the workload asked for");
  }

  @Test
  void bytesThatAreNotUtf8AreFlagged(@TempDir Path results) {
    CaseResult result = allSucceed(Faults.invalidUtf8(FAULTY), results);
    assertThat(result.samples().get(FAULTY - 1).flags()).contains(RequestMetrics.FLAG_INVALID_UTF8);
    assertThat(result.samples()).filteredOn(s -> s.flags().contains(RequestMetrics.FLAG_INVALID_UTF8)).hasSize(1);
    assertThat(result.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).startsWith("1 of 6 succeeded requests' text held U+FFFD"));
  }

  @Test
  void openAiUsageTheChunksCannotHoldFallsBackToTheChunkCountAndPassesNoBudget(@TempDir Path results) {
    inflatedUsageIsNotTrusted(Map.of(), results);
  }

  @Test
  void ollamaEvalCountTheLinesCannotHoldFallsBackToTheChunkCountAndPassesNoBudget(@TempDir Path results) {
    inflatedUsageIsNotTrusted(Map.of("llmh.api", "ollama-chat"), results);
  }

  private static void inflatedUsageIsNotTrusted(Map<String, String> config, Path results) {
    SimulatorSettings settings = fast().withHook(Faults.of(Faults.inflatedUsage(Faults.EVERY, 8, 400)));
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      Map<String, String> parameters = new LinkedHashMap<>(config);
      parameters.put("llmh.endpoint", config.containsKey("llmh.api") ? server.rootUrl() : server.baseUrl());
      EngineRun run = EngineRun.of(parameters, results, FaultScenarios.TpotBudget.class);

      CaseResult result = run.record().results().get(0);
      assertThat(result.requests().succeeded()).isEqualTo(6);
      assertThat(result.requests().succeeded() + result.requests().failed()).isEqualTo(result.requests().measured());
      assertThat(result.samples()).allSatisfy(s -> {
        assertThat(s.flags()).contains(RequestMetrics.FLAG_USAGE_IMPLAUSIBLE);
        assertThat(s.outputTokens()).isEqualTo(8);
        assertThat(s.chunkCount()).isEqualTo(8);
      });
      assertThat(result.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).startsWith(
          "6 of 6 succeeded requests reported more output tokens than their text could hold (flag usage_implausible)"));
      assertThat(result.constraints()).singleElement().satisfies(c -> {
        assertThat(c.verdict()).isEqualTo("INCONCLUSIVE");
        assertThat(c.message()).endsWith(
            ": INCONCLUSIVE (not passed: 6 of 6 requests' token counts are implausible, flag usage_implausible)");
      });
      run.results().testEvents().assertStatistics(stats -> stats.started(1).aborted(1));
    }
  }

  @Test
  void anUnwritableResultsDirectoryStopsTheRunBeforeItsFirstRequest(@TempDir Path results) throws Exception {
    Path aFile = java.nio.file.Files.writeString(results.resolve("a-file"), "not a directory");
    try (SimulatedServer server = SimulatedServer.start(fast())) {
      var discovery = org.junit.platform.testkit.engine.EngineTestKit.engine(dev.llmh.engine.LlmhTestEngine.ENGINE_ID)
          .configurationParameters(Map.of("llmh.endpoint", server.baseUrl(), "llmh.resultsDir", aFile.resolve("sub").toString()))
          .selectors(org.junit.platform.engine.discovery.DiscoverySelectors.selectClass(FaultScenarios.Plain.class))
          .discover();
      assertThat(discovery.getDiscoveryIssues()).singleElement().satisfies(issue -> {
        assertThat(issue.severity()).isEqualTo(org.junit.platform.engine.DiscoveryIssue.Severity.ERROR);
        assertThat(issue.message()).startsWith("LLMH configuration: llmh.resultsDir = '" + aFile.resolve("sub")
            + "' cannot be written").contains("set llmh.resultsDir (LLMH_RESULTS_DIR) to a writable directory");
      });
      assertThat(discovery.getEngineDescriptor().getChildren()).isEmpty();
      assertThat(server.servedRequests()).as("nothing was sent").isEmpty();
    }
  }

  /** Runs {@link FaultScenarios.Plain} with {@code fault}; every request succeeds, flagged or not. */
  private static CaseResult allSucceed(Faults.Fault fault, Path results) {
    try (SimulatedServer server = SimulatedServer.start(fast().withHook(Faults.of(fault)))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, FaultScenarios.Plain.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.requests().measured()).isEqualTo(6);
      assertThat(result.requests().succeeded()).isEqualTo(6);
      return result;
    }
  }
}
