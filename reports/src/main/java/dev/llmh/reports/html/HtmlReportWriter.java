package dev.llmh.reports.html;

import dev.llmh.result.ReportWriter;
import dev.llmh.result.RunRecord;
import java.nio.file.Path;
import java.util.List;

/** The engine's hook: found through {@code META-INF/services}, it writes the HTML report of every run. */
public final class HtmlReportWriter implements ReportWriter {
  @Override
  public String name() {
    return "HTML report";
  }

  @Override
  public List<Path> write(RunRecord record, Path directory, String runName) throws Exception {
    return HtmlReport.write(record, directory, runName);
  }
}
