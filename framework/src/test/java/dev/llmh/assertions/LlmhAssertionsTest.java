package dev.llmh.assertions;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.Requests;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import dev.llmh.result.fixtures.CaseResults;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plain Jupiter test, as a user would write one. */
class LlmhAssertionsTest {
  private static CaseResult result(String prompt, double ttftP95) {
    MetricSummary ttft = new MetricSummary(20, 300.0, 50.0, 200.0, 290.0, 500.0, ttftP95, 700.0, 720.0, null);
    MetricSummary empty = new MetricSummary(0, null, null, null, null, null, null, null, null, null);
    return CaseResults.passing()
        .identity("demo.Scenario", prompt, prompt + "[concurrency=1]", Map.of("concurrency", 1))
        .requests(new Requests(1, 0, 20, 19, 1, 0, 0, null))
        .metrics(Map.of(CaseResult.TTFT, ttft, CaseResult.TPOT, empty))
        .verdict("FAIL", List.of("1 of 20 measured requests failed"), "failed")
        .build();
  }

  private static final RunRecord RECORD = new RunRecord(1, new RunRecord.RunInfo("a", "b", true), Map.of(),
      new RunRecord.StatisticsInfo("x", "y"), List.of(result("summarise", 612), result("define", 2500)), List.of(),
      List.of());

  @Test
  void passesAndFailsNamingTheCaseAndTheObservedValue(@TempDir Path dir) throws Exception {
    LlmhAssertions.assertThat(RECORD).hasCase("summarise").ttft().p95().isLessThan(Duration.ofSeconds(2));
    LlmhAssertions.assertThat(RECORD).hasCase("summarise[concurrency=1]").ttft().p50().isBetween(
        Duration.ofMillis(289), Duration.ofMillis(291));
    LlmhAssertions.assertThat(RECORD).hasCase("summarise").errorRate().isEqualTo(5.0);

    ResultsFiles.write(RECORD, dir, "run-x");
    assertThatThrownBy(() ->
        LlmhAssertions.assertThat(dir.resolve("latest.json")).hasCase("define").ttft().p95().isLessThan(Duration.ofSeconds(2)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("case demo.Scenario › define[concurrency=1]: ttft.p95 = 2500.0 ms")
        .hasMessageContaining("to be less than");
  }

  @Test
  void missingCasesAndValuesAreClearFailures() {
    assertThatThrownBy(() -> LlmhAssertions.assertThat(RECORD).hasCase("nope"))
        .hasMessageContaining("no case 'nope'").hasMessageContaining("summarise[concurrency=1], define[concurrency=1]");
    assertThatThrownBy(() -> LlmhAssertions.assertThat(RECORD).singleCase()).hasMessageContaining("found 2");
    assertThatThrownBy(() -> LlmhAssertions.assertThat(RECORD).hasCase("define").tpot().p50().isPositive())
        .hasMessageContaining("tpot.p50 has no value (n = 0");
    assertThatThrownBy(() -> LlmhAssertions.assertThat(RECORD).hasCase("define").itl().p50())
        .hasMessageContaining("itl.p50 has no value");
  }
}
