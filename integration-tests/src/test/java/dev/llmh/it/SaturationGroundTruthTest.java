package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;

import dev.llmh.it.fixtures.SaturationScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SaturationRecord;
import dev.llmh.result.SaturationRecord.Step;
import dev.llmh.result.Section;
import dev.llmh.sim.SimulatedServer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The knee against a server with a known number of slots: four, decoding 32 tokens at 80 tok/s each
 * (some 400 ms a request). Output tok/s doubles from 2 to 4 (+100%, where the rule asks 5%) and is
 * flat from 4 to 8: the slots are full, and the only gain is the client's turnaround between a
 * request's end and the next send, which the queue at 8 hides (three turnarounds in four 400 ms
 * waves: 2% even at 10 ms each on a loaded machine), so the search stops at 8 with its knee at 4:
 * on intervals, the gain's upper bound below 5%.
 */
class SaturationGroundTruthTest {

  @Test
  void theKneeIsTheSlotCountAndTheStepsPastTheStopAreNotRun(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.decoding(4, 80))) {
      EngineRun run = EngineRun.watched(server.baseUrl(), results, SaturationScenario.class);
      // each step is a test: 2, 4 and 8 run for each prompt; 16 and 32 are skipped, saying why
      run.results().testEvents().assertStatistics(stats -> stats.started(6).succeeded(6).skipped(4));
      run.results().testEvents().assertThatEvents().haveExactly(4,
          event(test(), skippedWithReason(r -> r.startsWith("not run: the saturation search stopped ("))));

      RunRecord record = run.record();
      assertThat(record.saturation()).hasSize(2);
      SaturationRecord plain = record.saturation().get(0);
      assertThat(plain.caseName()).isEqualTo("ask");
      assertThat(plain.steps()).extracting(Step::concurrency).containsExactly(2, 4, 8, 16, 32);
      assertThat(plain.steps()).extracting(Step::verdict).containsExactly("PASS", "PASS", "PASS", "NOT_RUN", "NOT_RUN");
      assertThat(plain.knee().concurrency()).isEqualTo(4);
      assertThat(plain.stoppedBecause()).startsWith("output tok/s gained ").endsWith(" (less than 5%) from concurrency 4 to 8");
      // decided on intervals: each step's tok/s bounded, the figure inside, and no gain left undecided
      assertThat(plain.steps().subList(0, 3)).allSatisfy(s -> assertThat(s.throughput()).isBetween(
          s.throughputBounds().get(0), s.throughputBounds().get(1)));
      assertThat(plain.steps().subList(0, 3)).extracting(Step::reason).containsOnlyNulls();
      double[] tokS = plain.steps().stream().limit(3).mapToDouble(Step::throughput).toArray();
      assertThat(tokS[1] / tokS[0]).isBetween(1.6, 2.2);
      assertThat(tokS[2] / tokS[1]).isBetween(0.9, 1.05);
      assertThat(plain.knee().throughput()).isEqualTo(tokS[1]);
      // past the knee requests queue for a slot: TTFT p95 grows by about a request's length, which the
      // server sets (32 tokens at 80 tok/s, 400 ms); half of it is more than any turnaround
      assertThat(plain.steps().get(2).ttftP95()).isGreaterThan(plain.steps().get(1).ttftP95() + 0.5 * 32 / 80.0 * 1000);
      assertThat(plain.steps().get(3).reason()).isEqualTo("not run: the search stopped (" + plain.stoppedBecause() + ")");
      assertThat(plain.steps().get(0).goodput()).isNull();
      // without an @Slo goodput is not measured, and says why
      assertThat(run.caseNamed("ask[concurrency=2]").section(Section.SLO))
          .isEqualTo(new dev.llmh.result.SloRecord(null, null, null, null, null, null, null,
              "no @Slo declared: nothing says what a good request is"));

      SaturationRecord slo = record.saturation().get(1);
      assertThat(slo.caseName()).isEqualTo("slo");
      assertThat(slo.knee().concurrency()).isEqualTo(4);
      assertThat(slo.stoppedBecause()).startsWith("goodput fell from ").endsWith(" req/s from concurrency 4 to 8");
      assertThat(slo.steps().get(2).goodput()).isLessThan(slo.steps().get(1).goodput());

      // the skipped steps are in the results too, as not run and reported skipped
      CaseResult skipped = run.caseNamed("ask[concurrency=16]");
      assertThat(skipped.verdict()).isEqualTo("NOT_RUN");
      assertThat(skipped.reportedAs()).isEqualTo("skipped");
      assertThat(skipped.section(Section.ERROR)).startsWith("not run: the saturation search stopped (output tok/s gained ");
      assertThat(run.recordText()).contains("\"saturation\" : [ {", "\"knee\" : {\n      \"concurrency\" : 4,");

      System.out.print(run.console().substring(run.console().indexOf("LLMH saturation")));
      assertThat(run.console()).contains("LLMH SaturationScenario › ask [concurrency=16]\n",
          "NOT RUN    not run: the saturation search stopped (output tok/s gained ");
      assertThat(run.console()).containsPattern(
          "SaturationScenario \u203a ask: saturates at concurrency 4: \\d+ tok/s; at 8 TTFT p95 \u00d7\\d+\\.\\d for [+-]\\d+(\\.\\d+)?% tok/s\n");
    }
  }
}
