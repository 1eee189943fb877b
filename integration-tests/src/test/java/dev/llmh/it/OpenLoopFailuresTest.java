package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.FaultScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Faults;
import dev.llmh.sim.SimulatedServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The open loop fails as the closed loop does: a failed request counted with its reason, a case cut at its deadline. */
class OpenLoopFailuresTest {

  @Test
  void aFailedRequestIsCountedWithItsReasonAndKeepsItsSchedule(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast().withHook(Faults.of(Faults.rateLimited(3, "7"))))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, FaultScenarios.OpenPlain.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.caseId()).isEqualTo("question[rate=20/s]");
      assertThat(result.requests().measured()).isEqualTo(6);
      assertThat(result.requests().failed()).isEqualTo(1);
      SampleRecord failed = result.samples().get(2);
      assertThat(failed.error()).startsWith("HTTP 429 (Retry-After: 7): ");
      assertThat(failed.scheduledMs()).isEqualTo(100.0);
      assertThat(result.samples()).extracting(SampleRecord::scheduledMs).containsExactly(0.0, 50.0, 100.0, 150.0, 200.0, 250.0);
      assertThat(result.metrics().get(CaseResult.TTFT).n()).isEqualTo(5);
      assertThat(result.metrics().get("queue_ms").n()).isEqualTo(5);
      assertThat(FailureTaxonomyTest.failureMessage(run)).contains("1 of 6 measured requests failed (first: " + failed.error() + ")");
    }
  }

  /** Endless streams, a 1.5 s case deadline, arrivals every 250 ms for 5 s: only those due before the deadline are sent. */
  @Test
  void aCaseEndsAtItsDeadlineWithWhatWasInFlightCancelledAndCounted(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(
        FailureTaxonomyTest.fast().withHook(Faults.of(Faults.endless(Faults.EVERY, Duration.ofMillis(20)))))) {
      EngineRun run = EngineRun.of(
          Map.of("llmh.endpoint", server.baseUrl(), "llmh.timeout.case", "1500ms"), results, FaultScenarios.OpenLong.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      CaseResult result = run.record().results().get(0);
      int sent = result.requests().measured();
      // due 0, 250, ... ms after the measurement began, which is after the case's setup inside the 1.5 s
      assertThat(sent).isBetween(1, 6);
      assertThat(result.requests().failed()).isEqualTo(sent);
      assertThat(result.samples()).allSatisfy(s ->
          assertThat(s.error()).startsWith("case timeout: the case reached its deadline (llmh.timeout.case)"));
      assertThat(result.section(Section.WARNINGS).get(0)).isEqualTo("case timeout: the case reached llmh.timeout.case (1500 ms) after "
          + sent + " of 20 planned measured requests had been sent; requests in flight were cancelled and no more were sent");
      assertThat(FailureTaxonomyTest.failureMessage(run)).contains("case timeout: the case reached llmh.timeout.case (1500 ms)");
    }
  }
}
