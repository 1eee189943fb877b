package dev.llmh.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.config.Defaults;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The {@code llmh-reports} command line ({@code java -jar reports/target/llmh-reports-<version>.jar}):
 * {@code markdown}, {@code html}, {@code compare} and {@code merge}. Exit codes: 0 done, 1 a regression
 * found by {@code compare}, 2 bad arguments or a file that cannot be read or written (one line on stderr).
 */
public final class ReportMain {
  /** Bad arguments or a file that cannot be read or written. */
  static final int USAGE_OR_IO_ERROR = 2;
  /** {@code compare} found a regression beyond the noise band. */
  static final int REGRESSION = 1;

  static final String USAGE = """
      usage: java -jar llmh-reports-<version>.jar <command> [options]

        markdown <results.json> [-o <report.md>]
            the Markdown report, with the model × concurrency table per scenario
        html <results.json> [-o <report.html>]
            the HTML report, one self-contained file
        compare <A.json> <B.json> [--noise-band <percent>] [-o <comparison.md>]
            run B against run A, case by case (Mann–Whitney U and Hodges–Lehmann, as baselines);
            exit code 1 when a case regressed beyond the noise band (default %s)
        merge <a.json> <b.json>... -o <all.json> [--force]
            results files of sharded jobs as one; refuses files whose environments or settings
            conflict (or that hold the same case) unless --force, which keeps the first file's values
            and lists the conflicts in environment.mergeConflicts
        --help
            this text

      Without -o the output goes to standard output.
      Exit codes: 0 done; 1 compare found a regression; 2 bad arguments or a file that cannot be read or written.
      """.formatted(dev.llmh.baseline.RegressionJudge.percent(Defaults.NOISE_BAND_PERCENT, false));

  private ReportMain() {}

  public static void main(String[] args) {
    // The reports hold '›', '×' and '–'; the platform charset (often ASCII in CI) would turn them into '?'.
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    int code = run(args, out, err);
    out.flush();
    err.flush();
    System.exit(code);
  }

  /** Does the work of {@link #main} and returns the exit code, so tests need no System.exit. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    List<String> all = Arrays.asList(args);
    if (all.contains("--help") || all.contains("-h") || (args.length == 1 && args[0].equals("help"))) {
      out.print(USAGE);
      return 0;
    }
    try {
      if (args.length == 0) {
        throw new UsageException("no command given: markdown, html, compare or merge");
      }
      List<String> rest = all.subList(1, all.size());
      return switch (args[0]) {
        case "markdown" -> markdown(CliArgs.parse("markdown", rest, Set.of(CliArgs.OUTPUT)), out);
        case "html" -> html(CliArgs.parse("html", rest, Set.of(CliArgs.OUTPUT)), out);
        case "compare" -> compare(CliArgs.parse("compare", rest, Set.of(CliArgs.OUTPUT, CliArgs.NOISE_BAND)), out);
        case "merge" -> merge(CliArgs.parse("merge", rest, Set.of(CliArgs.OUTPUT, CliArgs.FORCE)), out);
        default -> throw new UsageException("unknown command '" + args[0] + "': markdown, html, compare or merge");
      };
    } catch (UsageException e) {
      err.println("llmh-reports: " + e.getMessage() + " (see --help)");
      return USAGE_OR_IO_ERROR;
    }
  }

  private static int markdown(CliArgs args, PrintStream out) throws UsageException {
    args.expectFiles(1, "one results file");
    RunRecord record = ResultsInput.read(Path.of(args.positional().get(0)));
    emit(MarkdownReport.render(record), args.output(), out, "report");
    return 0;
  }

  private static int html(CliArgs args, PrintStream out) throws UsageException {
    args.expectFiles(1, "one results file");
    RunRecord record = ResultsInput.read(Path.of(args.positional().get(0)));
    emit(dev.llmh.reports.html.HtmlReport.render(record), args.output(), out, "HTML report");
    return 0;
  }

  private static int compare(CliArgs args, PrintStream out) throws UsageException {
    args.expectFiles(2, "two results files, A.json B.json");
    double band = args.noiseBand() == null ? Defaults.NOISE_BAND_PERCENT : percent(args.noiseBand());
    String nameA = args.positional().get(0);
    String nameB = args.positional().get(1);
    RunComparison comparison = RunComparison.of(ResultsInput.read(Path.of(nameA)), ResultsInput.read(Path.of(nameB)), band);
    emit(comparison.render(nameA, nameB), args.output(), out, "comparison");
    return comparison.regressions().isEmpty() ? 0 : REGRESSION;
  }

  private static int merge(CliArgs args, PrintStream out) throws UsageException {
    if (args.positional().size() < 2) {
      throw new UsageException("merge: expects two or more results files, got " + args.positional().size());
    }
    if (args.output() == null) {
      throw new UsageException("merge: -o <all.json> is required");
    }
    List<RunMerge.Shard> shards = new ArrayList<>();
    for (String file : args.positional()) {
      shards.add(new RunMerge.Shard(file, ResultsInput.readTree(Path.of(file))));
    }
    ObjectNode merged = RunMerge.merge(shards, args.force());
    String json;
    try {
      ResultsFiles.mapper().treeToValue(merged, RunRecord.class); // what the merge wrote must read as a record
      json = ResultsFiles.mapper().writeValueAsString(merged);
    } catch (JsonProcessingException e) {
      throw new UsageException("merge: the merged record does not read as a results record: " + e.getOriginalMessage());
    }
    ResultsInput.write(args.output(), json + "\n");
    int conflicts = merged.path("environment").path(RunMerge.MERGE_CONFLICTS).size();
    out.println("LLMH merged " + shards.size() + " files (" + merged.path("results").size() + " cases) into "
        + args.output().toAbsolutePath() + (conflicts == 0 ? ""
            : "; " + conflicts + " conflict" + (conflicts == 1 ? "" : "s") + " forced, listed in environment." + RunMerge.MERGE_CONFLICTS));
    return 0;
  }

  private static void emit(String text, Path output, PrintStream out, String what) throws UsageException {
    if (output == null) {
      out.print(text);
      return;
    }
    ResultsInput.write(output, text);
    out.println("LLMH " + what + " written to " + output.toAbsolutePath());
  }

  private static double percent(String value) throws UsageException {
    String number = value.endsWith("%") ? value.substring(0, value.length() - 1).strip() : value.strip();
    try {
      double parsed = Double.parseDouble(number);
      if (parsed >= 0 && Double.isFinite(parsed)) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("compare: --noise-band '" + value + "' is not a percentage; write e.g. 5%");
  }
}
