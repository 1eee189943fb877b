package dev.llmh.console;

import dev.llmh.result.ReportWriter;
import dev.llmh.result.RunRecord;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The run's tables on the console: every case's verdict, the model × concurrency tables, the prefill
 * fits and the saturation searches. A report like the results file and the HTML page, written to a
 * stream instead of a file.
 */
public final class ConsoleReport implements ReportWriter {
  private final PrintStream out;

  public ConsoleReport(PrintStream out) {
    this.out = out;
  }

  @Override
  public String name() {
    return "console summary";
  }

  @Override
  public List<Path> write(RunRecord record, Path directory, String runName) {
    out.print(ConsoleSummary.runTable(record.results()));
    out.print(ConsoleSummary.modelTables(record.results()));
    out.print(ConsoleSummary.fits(record.fits()));
    out.print(ConsoleSummary.saturation(record.saturation()));
    return List.of();
  }
}
