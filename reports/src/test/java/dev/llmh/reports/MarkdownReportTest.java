package dev.llmh.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.analysis.ConversationResult;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownReportTest {
  private final String report = MarkdownReport.render(Fixtures.run());

  @Test
  void titleSaysWhenTheRunStartedAndThatItCompleted() {
    assertThat(report).startsWith("# LLMH run 2025-03-01T10:00:00Z (complete)\n");
  }

  @Test
  void summaryTableHasTheAgreedHeaderAndAlignment() {
    assertThat(report).contains(
        "| case | ttft p50 (ms) | ttft p95 (ms) | ttft p99 (ms) | tpot p50 (ms) | itl p50 (ms) | e2e p95 (ms)"
            + " | output tokens (mean) | throughput (tok/s) | requests ok/failed | verdict |\n"
            + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
  }

  @Test
  void passingCaseRowHasOneDecimalBelowHundredAndNoneAbove() {
    assertThat(report).contains(
        "| SummariseDocument › define [concurrency=1] | 85.2 | 812 | 1235 | 12.3 | 11.0 | 2500 | 120 | 45.7"
            + " | 10 / 0 | PASS |\n");
  }

  @Test
  void nullsPrintAsDashAndPipesAreEscapedInCells() {
    // p99 TTFT and p50 TPOT are null for this case; the "stop" parameter holds a '|'.
    assertThat(report).contains(
        "| SummariseDocument › summarise [concurrency=4, stop=a\\|b] | 90.0 | 150 | – | – | 9.5 | 3000 | 64.0"
            + " | 20.0 | 3 / 7 | FAIL |\n");
    assertThat(report).contains("| osName | Linux\\|x |\n");
  }

  @Test
  void caseThatDidNotRunShowsDashesItsErrorAndNotMeasured() {
    assertThat(report).contains(
        "| SummariseDocument › define [concurrency=8] | – | – | – | – | – | – | – | – | 0 / 0 | NOT RUN |\n");
    // The error's newline is folded so it stays one list item.
    assertThat(section("define [concurrency=8]"))
        .contains("- Not run: Connection refused: http://down:1/v1\n")
        .contains("- Metrics: not measured\n")
        .contains("- Model: requested qwen, served unknown (no request was answered)\n")
        // A case that never ran judged nothing, whatever the scenario declared.
        .contains("Constraints:\n\n- none judged\n");
  }

  @Test
  void failedRequestsAreAllCountedAndAtMostFiveListed() {
    assertThat(section("summarise [concurrency=4, stop=a|b]"))
        .contains("Failed requests: 7 of 10 measured\n\n"
            + "- HTTP 503 #1\n- HTTP 503 #2\n- HTTP 503 #3\n- HTTP 503 #4\n- HTTP 503 #5\n- … and 2 more\n")
        .doesNotContain("HTTP 503 #6")
        .contains("Warnings:\n\n- output tokens estimated from chunk count\n");
  }

  @Test
  void passingCaseSectionShowsEndpointAndConstraintMessage() {
    assertThat(section("define [concurrency=1]"))
        .contains("- Endpoint: http://127.0.0.1:8080/v1 (embedded)\n")
        .contains("- Model: requested tiny, served tiny-q8 (owned by llama.cpp)\n- Server: engine llama.cpp; modelFile tiny.gguf\n")
        .contains("Constraints:\n\n- p95 TTFT 812 ms <= budget 2000 ms: PASS\n")
        .contains("Warnings:\n\n- none\n")
        .contains("Failed requests: none\n");
  }

  @Test
  void aRowIdenticalToAnotherIsNamedOnceNotRepeatedAndTheRequestsAreTheConsolesLine() {
    assertThat(section("define [concurrency=1]"))
        .contains("- Requests: 10 measured (10 ok, 0 failed) after 2 warm-up; throughput 45.7 tok/s, 0.40 req/s\n")
        .contains("| ttft (ms) | 10 | 85.2 |")
        .doesNotContain("| ttfo (ms)")
        .contains("(ttfo = ttft: no reasoning)\n");
  }

  @Test
  void aSimulatedEndpointWithNoModelRequestedSaysSoInWords() {
    CaseResult simulated = passing(
        new CaseResult.EndpointRecord("http://127.0.0.1:9/v1", false, null, "llmh-sim", null, null, "openai-chat", "simulated"),
        "PASS", List.of(), "passed");
    String rendered = renderedAlone(simulated);
    assertThat(rendered)
        .contains("- Endpoint: http://127.0.0.1:9/v1 (simulated)\n")
        .contains("- Model: none requested (the server chose), served llmh-sim\n")
        .doesNotContain("not measured");
  }

  @Test
  void theRecordedVerdictIsShownAsSurefireReportedIt() {
    CaseResult undecided = passing(Fixtures.passing().endpoint(),
        "INCONCLUSIVE", List.of("ttft.p95 = 812 ms [700, ?] vs budget 2000 ms: INCONCLUSIVE"), "failed");
    String rendered = renderedAlone(undecided);
    assertThat(rendered)
        .contains("- Verdict: INCONCLUSIVE (failed)\n")
        .contains("Verdict reasons:\n\n- ttft.p95 = 812 ms [700, ?] vs budget 2000 ms: INCONCLUSIVE\n")
        .contains("| ttft (ms) | 10 |");
    assertThat(section("define [concurrency=1]")).contains("- Verdict: PASS\n");
  }

  @Test
  void percentileMethodIsStated() {
    assertThat(report).contains("Percentile method: linear interpolation (Hyndman-Fan type 7, numpy default).\n");
  }

  @Test
  void incompleteRunAndEmptyEnvironmentAreSaidOutLoud() {
    RunRecord record = new RunRecord(RunRecord.SCHEMA_VERSION, new RunRecord.RunInfo("2025-03-01T10:00:00Z", null,
        false), java.util.Map.of(), null, List.of(), List.of(), List.of());
    assertThat(MarkdownReport.render(record))
        .startsWith("# LLMH run 2025-03-01T10:00:00Z (incomplete: the run was cut short)\n")
        .contains("## Environment\n\nNot measured.\n")
        .contains("Percentile method: not recorded.\n")
        .contains("No cases in this run.\n");
  }

  @Test
  void numbersSwitchFormatWhereRoundingWould() {
    assertThat(MarkdownReport.number(99.94)).isEqualTo("99.9");
    assertThat(MarkdownReport.number(99.96)).isEqualTo("100");
    assertThat(MarkdownReport.number(0.04)).isEqualTo("0.0");
    assertThat(MarkdownReport.number(null)).isEqualTo("–");
    assertThat(MarkdownReport.number(Double.NaN)).isEqualTo("–");
  }

  @Test
  void renderingAFileReadBackGivesTheSameReport(@TempDir Path directory) throws Exception {
    ResultsFiles.write(Fixtures.run(), directory, Instant.parse("2025-03-01T10:00:00Z"));
    RunRecord readBack = ResultsFiles.read(directory.resolve("latest.json"));

    assertThat(MarkdownReport.render(readBack)).isEqualTo(report);
  }

  /** The per-case section whose heading ends with {@code caseTitle}, up to the next heading. */
  @Test
  void aConversationCaseShowsItsTurnsAndTheFitAndOtherCasesNothing() {
    RunRecord base = Fixtures.run();
    CaseResult chat = Fixtures.passing().toBuilder().conversation(new ConversationResult(
        new ConversationResult.Counts(2, 4, 3, 1),
        List.of(new ConversationResult.Turn(1, 4, 100.0, 20.0, 5.5), new ConversationResult.Turn(2, 3, 210.0, 41.0, 7.25)),
        new ConversationResult.ContextFit("context_tokens", "tpot_ms", 7, 0.0201, 5.0, 0.99, List.of(0.0195, 0.0207), null))).build();
    String rendered = MarkdownReport.render(
        new RunRecord(base.schemaVersion(), base.run(), base.environment(), base.statistics(), List.of(chat),
            List.of(), List.of()));
    // the conversation feature's lines, as the console prints them
    assertThat(rendered).contains("- conversations 4 of 2 turns (3 completed, 1 ended by a failed turn)")
        .contains("- turn 1     4 requests, prompt 100 tok, TTFT p50 20.00 ms, TPOT p50 5.50 ms\n"
            + "- turn 2     3 requests, prompt 210 tok, TTFT p50 41.00 ms, TPOT p50 7.25 ms\n")
        .contains("- fit        decode vs context: TPOT = 5.00 ms + 0.02010 ms/token × context [0.01950, 0.02070] (R² 0.990, 7 turns)");
    assertThat(report).doesNotContain("conversations ");
  }

  private String section(String caseTitle) {
    String heading = "## SummariseDocument › " + caseTitle + "\n";
    int start = report.indexOf(heading);
    assertThat(start).as("section %s", caseTitle).isNotNegative();
    int end = report.indexOf("\n## ", start + heading.length());
    return report.substring(start, end < 0 ? report.length() : end + 1);
  }

  /** The report of a run of this one case. */
  private static String renderedAlone(CaseResult result) {
    return MarkdownReport.render(new RunRecord(RunRecord.SCHEMA_VERSION, new RunRecord.RunInfo("2025-03-01T10:00:00Z",
        null, true), java.util.Map.of(), null, List.of(result), List.of(), List.of()));
  }

  /** The passing fixture served by {@code endpoint}, with another verdict. */
  private static CaseResult passing(CaseResult.EndpointRecord endpoint, String verdict, List<String> reasons, String reportedAs) {
    CaseResult p = Fixtures.passing();
    return p.toBuilder().endpoint(endpoint).verdict(verdict, reasons, reportedAs).build();
  }
}
