package dev.llmh.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.constraint.Metric;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.RunRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelConcurrencyTableTest {

  /** {@link Runs#measured} with known TTFT p50/p95, decode-rate mean and throughput, for one cell of the table. */
  private static CaseResult cell(String scenario, String prompt, String model, int concurrency, double p50, double p95,
      double decodeMean, double total) {
    CaseResult c = Runs.measured(scenario, prompt, concurrency, model, 100, 1, 3);
    Map<String, MetricSummary> metrics = new LinkedHashMap<>();
    metrics.put(CaseResult.TTFT, new MetricSummary(3, p50, 1.0, p50, p50, p95, p95, p95, p95, null));
    metrics.put(Metric.DECODE_RATE.jsonName(), new MetricSummary(3, decodeMean, 1.0, 1.0, 2.0, 3.0, 3.0, 3.0, 3.0, null));
    return c.toBuilder().metrics(metrics).throughput(new CaseResult.Throughput(total, 1.0, 1000.0)).verdict("PASS", List.of(), "passed").build();
  }

  @Test
  void oneTablePerScenarioPromptRowsModelByConcurrencyInOrder() {
    List<CaseResult> cases = List.of(
        cell("a.Quantisations", "question", "q4", 10, 130.0, 150.0, 41.23, 300.0),
        cell("a.Quantisations", "question", "q4", 2, 12.5, 20.0, 48.9, 43.0),
        cell("a.Quantisations", "question", "q8", 2, 17.0, 25.0, 30.0, 60.25),
        cell("b.Other", "define", "tiny", 1, 5.0, 6.0, 1372.0, 927.0));

    String table = ModelConcurrencyTable.render(cases);

    assertThat(table).startsWith("## Models × concurrency\n\n");
    assertThat(table).contains("### Quantisations › question\n\n" + ModelConcurrencyTable.HEADER + "\n|---|---:|---:|---:|---:|---:|\n"
        + "| q4 | 2 | 12.5 | 20.0 | 48.9 | 43.0 |\n"
        + "| q4 | 10 | 130 | 150 | 41.2 | 300 |\n"
        + "| q8 | 2 | 17.0 | 25.0 | 30.0 | 60.3 |\n\n");
    assertThat(table).contains("### Other › define\n\n" + ModelConcurrencyTable.HEADER + "\n|---|---:|---:|---:|---:|---:|\n"
        + "| tiny | 1 | 5.0 | 6.0 | 1372 | 927 |\n\n");
  }

  @Test
  void casesThatCheckTheirAnswersGetAColumnOfChecksPassed() {
    CaseResult checked = cell("a.Quantisations", "question", "q4", 1, 12.5, 20.0, 48.9, 43.0).toBuilder()
        .section(dev.llmh.result.Section.CHECKS, new dev.llmh.result.ChecksRecord(List.of("ExpectJson"), 20, 17,
            java.util.Map.of("ExpectJson", 3), 85.0, null, null)).build();
    String table = ModelConcurrencyTable.render(List.of(checked, cell("a.Quantisations", "question", "q8", 1, 17.0, 25.0, 30.0, 60.25)));
    assertThat(table).contains(ModelConcurrencyTable.HEADER + ModelConcurrencyTable.CHECKS + "\n|---|---:|---:|---:|---:|---:|---:|\n"
        + "| q4 | 1 | 12.5 | 20.0 | 48.9 | 43.0 | 17/20 |\n"
        + "| q8 | 1 | 17.0 | 25.0 | 30.0 | 60.3 | – |\n");
  }

  @Test
  void aCaseThatMeasuredNothingShowsDashesNeverZeroAndTheModelAskedForAndTheOneThatAnswered() {
    String table = ModelConcurrencyTable.render(List.of(Fixtures.notRun(), Fixtures.passing()));
    assertThat(table).contains("### SummariseDocument › define\n")
        .contains("| qwen | 8 | – | – | – | – |\n")
        .contains("| tiny (answered by tiny-q8) | 1 | 85.2 | 812 | – | 45.7 |\n");
  }

  @Test
  void theMarkdownReportCarriesTheTable() {
    RunRecord record = Fixtures.run();
    assertThat(MarkdownReport.render(record)).contains(ModelConcurrencyTable.render(record.results()));
  }
}
