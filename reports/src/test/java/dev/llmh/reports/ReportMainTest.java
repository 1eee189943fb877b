package dev.llmh.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.result.ResultsFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportMainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return ReportMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void missingFileExitsWithTwoAndSaysWhichFile(@TempDir Path directory) {
    Path missing = directory.resolve("nope.json");

    assertThat(run(missing.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("no results file at " + missing.toAbsolutePath());
    assertThat(out.size()).isZero();
  }

  @Test
  void badArgumentsExitWithTwoAndPrintUsage() {
    assertThat(run()).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains(ReportMain.USAGE);
  }

  @Test
  void fileThatIsNotAResultsRecordExitsWithTwo(@TempDir Path directory) throws Exception {
    Path garbage = Files.writeString(directory.resolve("garbage.json"), "{ not json");

    assertThat(run(garbage.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("cannot read " + garbage.toAbsolutePath());
  }

  @Test
  void printsTheReportOrWritesItToTheGivenFile(@TempDir Path directory) throws Exception {
    ResultsFiles.write(Fixtures.run(), directory, Instant.parse("2025-03-01T10:00:00Z"));
    Path latest = directory.resolve("latest.json");
    String expected = MarkdownReport.render(ResultsFiles.read(latest));

    assertThat(run(latest.toString())).isEqualTo(0);
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(expected);

    Path md = directory.resolve("reports/run.md");
    assertThat(run(latest.toString(), md.toString())).isEqualTo(0);
    assertThat(Files.readString(md, StandardCharsets.UTF_8)).isEqualTo(expected);
    assertThat(err.size()).isZero();
  }
}
