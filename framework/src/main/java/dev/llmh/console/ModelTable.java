package dev.llmh.console;

import dev.llmh.result.CaseResult;
import dev.llmh.result.ModelConcurrency;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Models side by side on the console: each {@link ModelConcurrency} table that compares models, the
 * model named on its first row, with each case's checks passed (when it checks its answers) and verdict.
 */
final class ModelTable {
  private static final String MODEL = "model";
  private static final String FORMAT = "%-{w}s  %4s  %8s  %8s  %9s  %11s  {checks}%s";

  private ModelTable() {}

  /** Every table that compares models, in run order; empty when no case does. */
  static String render(List<CaseResult> results, boolean colour) {
    StringBuilder out = new StringBuilder();
    ModelConcurrency.of(results).stream().filter(ModelConcurrency::comparesModels).forEach(t -> table(out, t, colour));
    return out.toString();
  }

  private static void table(StringBuilder out, ModelConcurrency table, boolean colour) {
    int width = Math.max(MODEL.length(), table.rows().stream().mapToInt(r -> String.valueOf(r.model()).length()).max().orElse(0));
    boolean checks = table.checksAnswers();
    String format = FORMAT.replace("{w}", String.valueOf(width)).replace("{checks}", checks ? "%7s  " : "%s");
    out.append("LLMH models side by side: ").append(table.name()).append('\n');
    RunTable.line(out, String.format(Locale.ROOT, format, MODEL, "conc", "ttft p50", "ttft p95", "tok/s/req", "total tok/s",
        checks ? "checks" : "", "verdict"));
    RunTable.line(out, String.format(Locale.ROOT, format, "", "", "(ms)", "(ms)", "(mean)", "(tok/s)", checks ? "passed" : "", ""));
    String previous = null;
    for (ModelConcurrency.Row row : table.rows()) {
      String verdict = ConsoleSummary.verdict(row.result());
      RunTable.line(out, String.format(Locale.ROOT, format, Objects.equals(row.model(), previous) ? "" : row.model(),
          Objects.toString(row.level(), "-"), ConsoleSummary.number(row.ttftP50()), ConsoleSummary.number(row.ttftP95()),
          ConsoleSummary.number(row.tokensPerSecondPerRequest()), ConsoleSummary.number(row.totalTokensPerSecond()),
          checks ? Objects.toString(row.checksPassed(), "-") : "", colour ? VerdictColour.verdict(verdict) : verdict));
      previous = row.model();
    }
  }
}
