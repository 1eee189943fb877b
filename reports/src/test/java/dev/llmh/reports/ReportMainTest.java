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

/** The command line as a whole, and its {@code markdown} and {@code html} commands. */
class ReportMainTest {
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return ReportMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** Exit code 2 and exactly one line on stderr, containing {@code expected}; nothing on stdout. */
  void assertOneLineError(int code, String expected) {
    assertThat(code).isEqualTo(2);
    assertThat(err()).contains(expected).endsWith("\n");
    assertThat(err().strip()).doesNotContain("\n");
    assertThat(out.size()).isZero();
  }

  @Test
  void helpPrintsTheUsageOfEveryCommandAndExitsZero() {
    assertThat(run("--help")).isZero();
    assertThat(out()).isEqualTo(ReportMain.USAGE)
        .contains("markdown <results.json>").contains("html <results.json>").contains("compare <A.json> <B.json>")
        .contains("merge <a.json> <b.json>... -o <all.json> [--force]").contains("(default 5%)");
    assertThat(run("merge", "-h")).isZero();
    assertThat(err()).isEmpty();
  }

  @Test
  void noCommandOrAnUnknownOneIsOneLineAndExitCodeTwo() {
    assertOneLineError(run(), "no command given");
    err.reset();
    assertOneLineError(run("render", "x.json"), "unknown command 'render'");
  }

  @Test
  void missingFileIsOneLineNamingIt(@TempDir Path directory) {
    Path missing = directory.resolve("nope.json");
    assertOneLineError(run("markdown", missing.toString()), "no results file at " + missing);
  }

  @Test
  void aFileThatIsNotAResultsRecordIsOneLineNamingIt(@TempDir Path directory) throws Exception {
    Path garbage = Files.writeString(directory.resolve("garbage.json"), "{ not json");
    // Jackson's own message has a second line (the source position): the command keeps one.
    assertOneLineError(run("markdown", garbage.toString()), "cannot read " + garbage + " as an LLMH results file");
  }

  @Test
  void wrongArgumentsAreOneLineEach(@TempDir Path directory) throws Exception {
    ResultsFiles.write(Fixtures.run(), directory, Instant.parse("2025-03-01T10:00:00Z"));
    String latest = directory.resolve("latest.json").toString();
    assertOneLineError(run("markdown"), "markdown: expects one results file, got 0 arguments");
    err.reset();
    assertOneLineError(run("markdown", latest, latest), "markdown: expects one results file, got 2 arguments");
    err.reset();
    assertOneLineError(run("markdown", latest, "--force"), "markdown: unknown option --force (takes -o)");
    err.reset();
    assertOneLineError(run("markdown", latest, "-o"), "markdown: -o needs a value");
  }

  @Test
  void markdownPrintsTheReportOrWritesItToTheGivenFile(@TempDir Path directory) throws Exception {
    ResultsFiles.write(Fixtures.run(), directory, Instant.parse("2025-03-01T10:00:00Z"));
    Path latest = directory.resolve("latest.json");
    String expected = MarkdownReport.render(ResultsFiles.read(latest));

    assertThat(run("markdown", latest.toString())).isZero();
    assertThat(out()).isEqualTo(expected).contains("## Models × concurrency");

    Path md = directory.resolve("reports/run.md");
    out.reset();
    assertThat(run("markdown", latest.toString(), "-o", md.toString())).isZero();
    assertThat(Files.readString(md, StandardCharsets.UTF_8)).isEqualTo(expected);
    assertThat(out()).isEqualTo("LLMH report written to " + md.toAbsolutePath() + "\n");
    assertThat(err()).isEmpty();
  }

  @Test
  void anOutputThatCannotBeWrittenIsOneLine(@TempDir Path directory) throws Exception {
    ResultsFiles.write(Fixtures.run(), directory, Instant.parse("2025-03-01T10:00:00Z"));
    Path blocker = Files.writeString(directory.resolve("file"), "x");
    assertOneLineError(run("markdown", directory.resolve("latest.json").toString(), "-o", blocker.resolve("r.md").toString()),
        "cannot write " + blocker.resolve("r.md"));
  }

  @Test
  void htmlWritesTheSelfContainedPage(@TempDir Path directory) throws Exception {
    ResultsFiles.write(Fixtures.run(), directory, Instant.parse("2025-03-01T10:00:00Z"));
    Path page = directory.resolve("report.html");
    assertThat(run("html", directory.resolve("latest.json").toString(), "-o", page.toString())).isZero();
    String html = Files.readString(page);
    assertThat(html).startsWith("<!DOCTYPE html>").contains("echarts").doesNotContain("<script src=");
    out.reset();
    err.reset();
    assertOneLineError(run("html"), "html: expects one results file");
  }
}
