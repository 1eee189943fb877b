package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.FaultScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
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
 * Every kind of failure a serving endpoint can show becomes one failed sample whose error says why;
 * the other requests of the run are served and measured as if nothing happened. Event indexes count
 * the role-only chunk the simulator sends first: event 1 is the first text chunk.
 */
class FailureTaxonomyTest {
  private static final int FAULTY = 3;

  @Test
  void anHttpErrorKeepsItsStatusAndBody(@TempDir Path results) {
    assertOneFailure(Faults.status(FAULTY, 503), Map.of(), results, "HTTP 503: ", "injected failure 503");
  }

  @Test
  void aConnectionResetMidStream(@TempDir Path results) {
    assertOneFailure(Faults.resetAfter(FAULTY, 2), Map.of(), results, "connection reset mid-stream: ");
  }

  @Test
  void aStreamThatEndsWithoutItsTerminator(@TempDir Path results) {
    assertOneFailure(Faults.noDone(FAULTY), Map.of(), results, "stream ended without data: [DONE]");
  }

  @Test
  void aMalformedChunk(@TempDir Path results) {
    assertOneFailure(Faults.malformed(FAULTY, 2), Map.of(), results, "malformed chunk: ", "this is not json");
  }

  @Test
  void aStallBeforeTheFirstTokenBeyondTheFirstTokenTimeout(@TempDir Path results) {
    // The role chunk arrives at once, so the connection is never idle: only the first-token timeout can tell.
    assertOneFailure(
        Faults.stallBefore(FAULTY, 1, Duration.ofSeconds(3)), Map.of("llmh.timeout.firstToken", "400ms"), results,
        "first-token timeout: no text chunk within 400 ms", "llmh.timeout.firstToken");
  }

  @Test
  void aStallMidStreamBeyondTheIdleTimeout(@TempDir Path results) {
    assertOneFailure(
        Faults.stallBefore(FAULTY, 3, Duration.ofSeconds(3)), Map.of("llmh.timeout.read", "400ms"), results,
        "idle timeout: nothing received for 400 ms mid-stream (llmh.timeout.read)");
  }

  @Test
  void anErrorRateConstraintDecidesInsteadOfTheFailedRequestItself(@TempDir Path results) {
    SimulatorSettings settings =
        fast()
            // request 3 of each case: the two scenarios run one after the other on one server
            .withHook(Faults.of(Faults.status(FAULTY, 500), Faults.status(6 + FAULTY, 500)));
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, FaultScenarios.Tolerant.class, FaultScenarios.Strict.class);

      run.results().testEvents().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
      run.assertBudgetExceeded("Strict", m -> m.startsWith("error_rate = 16.7 % (1 of 6 failed) >= budget 10 %: FAIL"));
      for (CaseResult result : run.record().results()) {
        assertThat(result.requests().failed()).isEqualTo(1);
        assertThat(result.requests().succeeded()).isEqualTo(5);
        assertThat(result.constraints()).singleElement().satisfies(c -> {
          assertThat(c.observed()).isCloseTo(16.67, within(0.01));
          assertThat(c.unit()).isEqualTo("%");
          assertThat(c.verdict()).isEqualTo(result.scenario().endsWith("Tolerant") ? "PASS" : "FAIL");
        });
      }
    }
  }

  private static void assertOneFailure(
      Faults.Fault fault, Map<String, String> config, Path results, String... reasonParts) {
    SampleRecord failed = oneFailure(fault, config, results);
    for (String part : reasonParts) {
      assertThat(failed.error()).contains(part);
    }
  }

  /**
   * Runs {@link FaultScenarios.Plain} with {@code fault} on a fast simulator: exactly request
   * {@link #FAULTY} fails, the case fails naming it, and the other five are measured as usual.
   */
  static SampleRecord oneFailure(Faults.Fault fault, Map<String, String> config, Path results) {
    try (SimulatedServer server = SimulatedServer.start(fast().withHook(Faults.of(fault)))) {
      Map<String, String> parameters = new LinkedHashMap<>(config);
      parameters.put("llmh.endpoint", server.baseUrl());
      EngineRun run = EngineRun.of(parameters, results, FaultScenarios.Plain.class);

      // Without an error_rate constraint, a failed request fails the case.
      run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.requests().measured()).isEqualTo(6);
      assertThat(result.requests().failed()).isEqualTo(1);
      assertThat(result.requests().succeeded()).isEqualTo(5);
      assertThat(result.requests().succeeded() + result.requests().failed()).isEqualTo(result.requests().measured());
      assertThat(result.samples()).hasSize(6);
      SampleRecord failed = result.samples().get(FAULTY - 1);
      for (int i = 0; i < 6; i++) {
        if (i != FAULTY - 1) {
          SampleRecord other = result.samples().get(i);
          assertThat(other.error()).as("request %d", i + 1).isNull();
          assertThat(other.chunkMs()).hasSize(4);
          assertThat(other.outputTokens()).isEqualTo(4);
        }
      }
      // The statistics are of the five that succeeded.
      assertThat(result.metrics().get(CaseResult.TTFT).n()).isEqualTo(5);
      assertThat(failureMessage(run)).contains("1 of 6 measured requests failed (first: " + failed.error() + ")");
      System.out.println("recorded reason: " + failed.error());
      return failed;
    }
  }

  static SimulatorSettings fast() {
    return SimulatorSettings.defaults().withInstantPrefill().withDecodeTokensPerSecond(500);
  }

  /** The message of the run's first failed test. */
  static String failureMessage(EngineRun run) {
    return run.results().testEvents().failed().stream()
        .map(e -> e.getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class).getThrowable().orElseThrow().getMessage())
        .findFirst().orElseThrow(() -> new AssertionError("no failed test"));
  }
}
