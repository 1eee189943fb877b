package dev.llmh.it;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.llmh.engine.LlmhTestEngine;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import dev.llmh.verdict.BudgetExceeded;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Runs scenario classes through the LLMH engine, as Surefire would, and reads the record they leave.
 *
 * @param console what the run printed on standard output, when it was run {@link #watched}; else empty
 */
record EngineRun(EngineExecutionResults results, Path resultsDir, String console) {

  /** {@link #of(Map, Path, Class[])}, keeping what the run printed on standard output in {@link #console}. */
  static EngineRun watched(Map<String, String> configuration, Path resultsDir, Class<?>... scenarios) {
    java.io.PrintStream original = System.out;
    java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
    EngineRun run;
    try {
      System.setOut(new java.io.PrintStream(console, true, java.nio.charset.StandardCharsets.UTF_8));
      run = of(configuration, resultsDir, scenarios);
    } finally {
      System.setOut(original);
    }
    return new EngineRun(run.results(), resultsDir, console.toString(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** {@link #watched(Map, Path, Class[])} against one endpoint. */
  static EngineRun watched(String endpoint, Path resultsDir, Class<?>... scenarios) {
    return watched(Map.of("llmh.endpoint", endpoint), resultsDir, scenarios);
  }

  static EngineRun of(String endpoint, Path resultsDir, Class<?>... scenarios) {
    return of(Map.of("llmh.endpoint", endpoint), resultsDir, scenarios);
  }

  static EngineRun of(Map<String, String> configuration, Path resultsDir, Class<?>... scenarios) {
    Map<String, String> parameters = new LinkedHashMap<>(configuration);
    parameters.put("llmh.resultsDir", resultsDir.toString());
    // One round of the client's warm-up, not the default's thousands: these runs check behaviour,
    // not timing to a tenth of a millisecond, and there are dozens of them (RequestPathWarmUpTest
    // checks the warm-up itself).
    parameters.putIfAbsent("llmh.clientWarmup", "500");
    EngineTestKit.Builder builder = EngineTestKit.engine(LlmhTestEngine.ENGINE_ID).configurationParameters(parameters);
    for (Class<?> scenario : scenarios) {
      builder.selectors(selectClass(scenario));
    }
    return new EngineRun(builder.execute(), resultsDir, "");
  }

  RunRecord record() {
    try {
      return ResultsFiles.read(resultsDir.resolve("latest.json"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String recordText() {
    try {
      return Files.readString(resultsDir.resolve("latest.json"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Exactly one test, of {@code scenario}, failed with a {@link BudgetExceeded} whose message passes. */
  void assertBudgetExceeded(String scenario, Predicate<String> message) {
    results.testEvents().assertThatEvents().haveExactly(1,
        event(test(scenario), finishedWithFailure(instanceOf(BudgetExceeded.class), message(message))));
  }

  CaseResult caseNamed(String caseId) {
    return record().results().stream()
        .filter(r -> r.caseId().equals(caseId))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no case " + caseId + " in " + record().results()));
  }

  /** The case {@code caseId} of {@code scenario}: for ids that several scenarios of the run share. */
  CaseResult caseNamed(String caseId, Class<?> scenario) {
    return record().results().stream()
        .filter(r -> r.caseId().equals(caseId)
            && (r.scenario().equals(scenario.getName()) || r.scenario().equals(scenario.getCanonicalName())))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no case " + caseId + " of " + scenario.getName() + " in " + record().results()));
  }
}
