package dev.llmh.reports;

import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code ReportMain <results.json> [<out.md>]}: renders a results file as Markdown. */
public final class ReportMain {
  /** Bad arguments or a file that cannot be read or written. */
  static final int USAGE_OR_IO_ERROR = 2;

  static final String USAGE = "usage: ReportMain <results.json> [<out.md>]";

  private ReportMain() {}

  public static void main(String[] args) {
    // The report holds '›' and '–'; the platform charset (often ASCII in CI) would turn them into '?'.
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    int code = run(args, out, System.err);
    out.flush();
    System.exit(code);
  }

  /** Does the work of {@link #main} and returns the exit code, so tests need no System.exit. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length < 1 || args.length > 2) {
      err.println(USAGE);
      return USAGE_OR_IO_ERROR;
    }
    Path input = Path.of(args[0]);
    if (!Files.isRegularFile(input)) {
      err.println("LLMH report: no results file at " + input.toAbsolutePath() + "\n" + USAGE);
      return USAGE_OR_IO_ERROR;
    }
    RunRecord record;
    try {
      record = ResultsFiles.read(input);
    } catch (IOException e) {
      // Jackson's parse and mapping errors are IOExceptions too: say which file and why.
      err.println("LLMH report: cannot read " + input.toAbsolutePath() + " as an LLMH results file: " + e.getMessage());
      return USAGE_OR_IO_ERROR;
    }
    if (record == null) {
      err.println("LLMH report: " + input.toAbsolutePath() + " holds no results record (JSON null)");
      return USAGE_OR_IO_ERROR;
    }
    String markdown = MarkdownReport.render(record);
    if (args.length == 1) {
      out.print(markdown);
      return 0;
    }
    Path output = Path.of(args[1]);
    try {
      if (output.toAbsolutePath().getParent() != null) {
        Files.createDirectories(output.toAbsolutePath().getParent());
      }
      Files.writeString(output, markdown, StandardCharsets.UTF_8);
    } catch (IOException e) {
      err.println("LLMH report: cannot write " + output.toAbsolutePath() + ": " + e);
      return USAGE_OR_IO_ERROR;
    }
    out.println("LLMH report written to " + output.toAbsolutePath());
    return 0;
  }
}
