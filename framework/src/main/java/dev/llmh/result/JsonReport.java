package dev.llmh.result;

import java.nio.file.Path;
import java.util.List;

/**
 * The results file as one report among the others: {@code <runName>.json} and {@code latest.json}.
 * Unlike the others it is {@linkplain #essential() essential}: a run whose record cannot be written
 * fails, since every other view is read from it.
 */
public final class JsonReport implements ReportWriter {
  private final boolean complete;

  /** @param complete false for a run cut short, which its console line says */
  public JsonReport(boolean complete) {
    this.complete = complete;
  }

  @Override
  public String name() {
    return complete ? "results" : "results (run cut short)";
  }

  @Override
  public List<Path> write(RunRecord record, Path directory, String runName) throws java.io.IOException {
    return List.of(ResultsFiles.write(record, directory, runName), directory.resolve("latest.json"));
  }

  @Override
  public boolean essential() {
    return true;
  }
}
