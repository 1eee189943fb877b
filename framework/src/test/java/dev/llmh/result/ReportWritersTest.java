package dev.llmh.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWritersTest {
  private static final RunRecord RECORD = new RunRecord(RunRecord.SCHEMA_VERSION,
      new RunRecord.RunInfo("2026-12-01T04:00:00Z", "2026-12-01T04:01:00Z", true), Map.of(),
      new RunRecord.StatisticsInfo("type 7", "bounds"), List.of(), List.of(), List.of());

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream console = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  private String console() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static ReportWriter writer(String name, Path dir) {
    return new ReportWriter() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public List<Path> write(RunRecord record, Path directory, String runName) throws Exception {
        Path dated = Files.writeString(directory.resolve(runName + ".html"), "x");
        return List.of(dated, Files.writeString(directory.resolve("latest.html"), "x"));
      }
    };
  }

  @Test
  void aWriterThatThrowsIsAWarningAndTheOthersStillWrite(@TempDir Path dir) {
    ReportWriter broken = new ReportWriter() {
      @Override
      public String name() {
        return "HTML report";
      }

      @Override
      public List<Path> write(RunRecord record, Path directory, String runName) {
        throw new IllegalStateException("no chart library");
      }
    };
    int written = ReportWriters.writeFound(List.of(broken, writer("other report", dir)), RECORD, dir, "run-1", console);
    assertThat(written).isEqualTo(1);
    assertThat(console()).contains("LLMH warning: the HTML report was not written (the run's results are unaffected):"
        + " java.lang.IllegalStateException: no chart library")
        .contains("LLMH other report: " + dir.resolve("run-1.html").toAbsolutePath() + " (and latest.html beside it)");
    assertThat(dir.resolve("latest.html")).exists();
  }

  @Test
  void withoutAWriterOnTheClasspathTheConsoleSaysSo(@TempDir Path dir) {
    assertThat(ReportWriters.writeFound(List.of(), RECORD, dir, "run-1", console)).isZero();
    assertThat(console()).contains("no HTML report written: dev.llmh:llmh-reports is not on the test classpath");
  }

  @Test
  void theResultsFileIsWrittenFirstAmongTheOthersAndARunWithoutItFails(@TempDir Path dir) throws Exception {
    ReportWriters.writeAll(List.of(new JsonReport(false)), RECORD, dir, "run-1", console);
    assertThat(ResultsFiles.mapper().readTree(dir.resolve("latest.json").toFile()).path("schemaVersion").asInt()).isEqualTo(1);
    assertThat(console()).contains("LLMH results (run cut short): " + dir.resolve("run-1.json").toAbsolutePath()
        + " (and latest.json beside it)");
    Path notADirectory = Files.writeString(dir.resolve("file"), "x");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> ReportWriters.writeAll(List.of(new JsonReport(true)), RECORD, notADirectory, "run-2", console))
        .isInstanceOf(java.io.IOException.class).hasMessageContaining("the results could not be written: java.");
    assertThat(console()).as("the error is told once, by the run's failure").doesNotContain("could not be written");
  }

  @Test
  void aWriterThatCannotBeLoadedIsAWarning(@TempDir Path dir) {
    Iterable<ReportWriter> failing = () -> {
      throw new java.util.ServiceConfigurationError("dev.llmh.result.ReportWriter: Provider x not found");
    };
    assertThat(ReportWriters.writeFound(failing, RECORD, dir, "run-1", console)).isZero();
    assertThat(console()).contains("LLMH warning: a report writer could not be loaded");
  }
}
