package dev.llmh.reports;

import dev.llmh.result.CaseResult;
import dev.llmh.result.ModelConcurrency;
import java.util.List;

/**
 * The {@link ModelConcurrency} tables in Markdown, ready for a pull-request comment: every table of
 * the run, whether it compares models or not; a figure not measured is a dash, never zero.
 */
final class ModelConcurrencyTable {
  static final String HEADER = "| model | concurrency | ttft p50 (ms) | ttft p95 (ms) | tok/s/req (mean) | total tok/s |";
  /** The column a table gets when its cases check their answers. */
  static final String CHECKS = " checks passed |";

  private ModelConcurrencyTable() {}

  /** The section, or empty when the run has no case. */
  static String render(List<CaseResult> results) {
    if (results.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("## Models × concurrency\n\n");
    out.append("Models side by side: `tok/s/req` is the mean per-request decode rate (1 / TPOT), `total tok/s` the case's"
        + " output throughput over its measured phase, `checks passed` the answers that passed the case's checks.\n\n");
    for (ModelConcurrency table : ModelConcurrency.of(results)) {
      boolean checks = table.checksAnswers();
      out.append("### ").append(MarkdownReport.text(table.name())).append("\n\n");
      out.append(checks ? HEADER + CHECKS : HEADER).append("\n|---|---:|---:|---:|---:|---:|").append(checks ? "---:|" : "").append('\n');
      table.rows().forEach(row -> out.append("| ").append(MarkdownReport.cell(model(row.result()))).append(" | ")
          .append(MarkdownReport.cell(row.level() == null ? MarkdownReport.MISSING : row.level())).append(" | ")
          .append(MarkdownReport.number(row.ttftP50())).append(" | ")
          .append(MarkdownReport.number(row.ttftP95())).append(" | ")
          .append(MarkdownReport.number(row.tokensPerSecondPerRequest())).append(" | ")
          .append(MarkdownReport.number(row.totalTokensPerSecond()))
          .append(checks ? " | " + MarkdownReport.cell(row.checksPassed() == null ? MarkdownReport.MISSING : row.checksPassed()) : "")
          .append(" |\n"));
      out.append('\n');
    }
    return out.toString();
  }

  /** The case's model as {@link ModelConcurrency#label} shows it, or a dash. */
  static String model(CaseResult result) {
    String model = ModelConcurrency.label(result);
    return model == null ? MarkdownReport.MISSING : model;
  }
}
