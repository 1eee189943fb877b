package dev.llmh.console;

import dev.llmh.analysis.Figure;
import dev.llmh.feature.CaseView;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.LatencyRows;
import dev.llmh.result.Section;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The console view of results: a block per case, and one table for the whole run. Verdict words are
 * coloured only on an interactive terminal ({@link Terminal}).
 */
public final class ConsoleSummary {
  private ConsoleSummary() {}

  /** A case's block, coloured when the run's output is an interactive terminal. */
  public static String caseBlock(CaseResult result) {
    return caseBlock(result, Terminal.isInteractive());
  }

  /**
   * A case's block: what served it, then its view's rows ({@link CaseView}): the request counts, each
   * feature's lines, a table of its distributions (a row identical to one above it is left out, and
   * a note says which equals which), then each verdict, a line per warning and the first failures.
   */
  public static String caseBlock(CaseResult result, boolean colour) {
    StringBuilder out = new StringBuilder();
    out.append("LLMH ").append(fullName(result)).append('\n');
    endpointLines(out, result.endpoint());
    if (result.section(Section.ERROR) != null) {
      // A calibration that found the prompt truncated fails the case before it is measured.
      String word = "FAIL".equals(result.verdict()) ? "FAIL   " : "NOT RUN";
      out.append("  ").append(colour ? VerdictColour.verdict(word.strip()) + word.substring(word.strip().length()) : word)
          .append("    ").append(result.section(Section.ERROR)).append('\n');
      return out.toString();
    }
    CaseView view = CaseView.of(result);
    out.append(String.format(Locale.ROOT, "  %-10s %s%n", view.requests().label(), view.requests().text()));
    out.append(lines(view.figures()));
    out.append(PromptLines.truncationLines(result));
    out.append(String.format(Locale.ROOT, "  %-15s %5s %9s %9s %9s %9s %9s %9s%n",
        "metric", "n", "p50", "p95", "p99", "mean", "min", "max"));
    latencyRows(out, view.latency());
    for (ConstraintRecord constraint : result.constraints()) {
      out.append("  ").append(colour ? VerdictColour.inMessage(constraint.message()) : constraint.message()).append('\n');
    }
    for (String warning : result.section(Section.WARNINGS)) {
      out.append("  warning: ").append(ConsoleText.oneLine(warning, "warnings")).append('\n');
    }
    result.samples().stream()
        .filter(sample -> sample.error() != null)
        .limit(3)
        .forEach(sample -> out.append("  failed request: ").append(ConsoleText.oneLine(sample.error(), "samples[].error")).append('\n'));
    // the first few distinct reasons an answer failed a check: what to look at in samples[].checks
    result.samples().stream()
        .filter(sample -> sample.answer().checks() != null)
        .flatMap(sample -> sample.answer().checks().stream())
        .filter(check -> !check.passed())
        .map(check -> check.name() + ": " + check.reason())
        .distinct()
        .limit(3)
        .forEach(check -> out.append("  failed check: ").append(ConsoleText.oneLine(check, "samples[].checks")).append('\n'));
    return out.toString();
  }

  private static void endpointLines(StringBuilder out, CaseResult.EndpointRecord endpoint) {
    out.append("  endpoint   ").append(endpoint.kindOrGuess()).append(' ').append(endpoint.url());
    if (endpoint.api() != null) {
      out.append(" (").append(endpoint.api()).append(')');
    }
    if (endpoint.servedModel() != null) {
      out.append(", served model ").append(endpoint.servedModel());
    }
    out.append('\n');
    if (endpoint.server() != null) {
      out.append("  server     ").append(describeServer(endpoint.server())).append('\n');
    }
  }

  /**
   * The case's figures beyond latency, a line each, indented as in the case's block: each feature's
   * {@link FigureSource} lines (the serving hardware, energy and cost, the SLO, the checks on the
   * answers, the comparison with a reference model, the judge's scores).
   */
  public static String figureLines(CaseResult result) {
    return lines(CaseView.of(result).figures());
  }

  private static String lines(List<Figure> figures) {
    StringBuilder out = new StringBuilder();
    for (Figure figure : figures) {
      out.append(String.format(Locale.ROOT, "  %-10s %s\n", figure.label(), figure.text()));
    }
    return out.toString();
  }

  /** The distributions' table rows, each with its intervals under it, then the note on folded rows. */
  private static void latencyRows(StringBuilder out, LatencyRows rows) {
    for (Figure row : rows.shown()) {
      if (row.values().isEmpty()) {
        out.append(String.format(Locale.ROOT, "  %-15s %s%n", row.label(), row.text()));
      } else {
        row(out, row);
      }
    }
    if (!rows.equalities().isEmpty()) {
      out.append("  ").append(rows.note()).append('\n');
    }
  }

  /** The run table, coloured when the run's output is an interactive terminal. */
  public static String runTable(List<CaseResult> results) {
    return runTable(results, Terminal.isInteractive());
  }

  /**
   * One row per case, the figures people compare first with their units under the headers; a long
   * case name wraps rather than losing a param.
   */
  public static String runTable(List<CaseResult> results, boolean colour) {
    return RunTable.render(results, colour);
  }

  /**
   * The models-side-by-side table for each scenario that compares models: rows model × concurrency, TTFT p50 and
   * p95, tok/s per request, total tok/s, verdict; empty when no case compares models.
   */
  public static String modelTables(List<CaseResult> results, boolean colour) {
    return ModelTable.render(results, colour);
  }

  /** {@link #modelTables(List, boolean)}, coloured when the run's output is an interactive terminal. */
  public static String modelTables(List<CaseResult> results) {
    return modelTables(results, Terminal.isInteractive());
  }

  /** The run's saturation searches, one line each (empty when there is none). */
  public static String saturation(List<dev.llmh.result.SaturationRecord> searches) {
    return SaturationLines.of(searches);
  }

  /** The run's last line on budgets nothing decided, and how to decide them; empty when there is none. */
  public static String undecided(List<CaseResult> results) {
    return UndecidedLine.of(results);
  }

  /** The run's prefill fits, one line each (empty when there is none). */
  public static String fits(List<dev.llmh.result.FitRecord> fits) {
    return PromptLines.fits(fits);
  }

  /** Engine, model file and shape, as the server described them. */
  private static String describeServer(Map<String, Object> server) {
    return java.util.stream.Stream.of("engine", "modelFile", "modelShape")
        .filter(server::containsKey)
        .map(key -> String.valueOf(server.get(key)))
        .collect(Collectors.joining(", "));
  }

  /**
   * The recorded verdict ({@code NOT_RUN} shown as {@code NOT RUN}); an INCONCLUSIVE case says how
   * the test runner reported it, so that the table and Surefire never disagree. "-" for a record
   * written before verdicts were recorded.
   */
  public static String verdict(CaseResult result) {
    if (result.verdict() == null) {
      return "-";
    }
    String verdict = result.verdict().replace('_', ' ');
    return result.verdict().equals("INCONCLUSIVE") && result.reportedAs() != null
        ? verdict + " (" + result.reportedAs() + ")" : verdict;
  }

  private static void row(StringBuilder out, Figure row) {
    out.append(String.format(Locale.ROOT, "  %-15s %5.0f %9s %9s %9s %9s %9s %9s%n", row.label(), stat(row, "n"),
        number(stat(row, "p50")), number(stat(row, "p95")), number(stat(row, "p99")), number(stat(row, "mean")),
        number(stat(row, "min")), number(stat(row, "max"))));
    if (!row.text().isEmpty()) {
      // the two-sided intervals under their row: "?" is an end the sample cannot bound
      out.append(String.format(Locale.ROOT, "  %-15s %s  p50 %s  p95 %s  p99 %s  mean %s%n", "", row.text(),
          interval(row, "p50"), interval(row, "p95"), interval(row, "p99"), interval(row, "mean")));
    }
  }

  private static Double stat(Figure row, String statistic) {
    Figure.Value value = LatencyRows.statistic(row, statistic);
    return value == null ? null : value.value();
  }

  private static String interval(Figure row, String statistic) {
    Figure.Value value = LatencyRows.statistic(row, statistic);
    return value == null ? "-" : interval(value.value(), value.interval());
  }

  /** {@code 2.31 [2.12, 2.60]}. */
  static String interval(Double value, List<Double> ends) {
    if (value == null || ends == null) {
      return "-";
    }
    return number(value) + " [" + end(ends.get(0)) + ", " + end(ends.get(1)) + "]";
  }

  private static String end(Double value) {
    return value == null ? "?" : number(value);
  }

  static String number(Double value) {
    if (value == null) {
      return "-";
    }
    return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.2f", value);
  }

  /** {@code SummariseDocument › define [concurrency=1, documentWords=200]}: every param, as JUnit names the case. */
  static String fullName(CaseResult result) {
    String scenario = result.scenario().substring(result.scenario().lastIndexOf('.') + 1);
    String params = result.params() == null || result.params().isEmpty() ? "" : result.params().entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", ", " [", "]"));
    return scenario + " › " + result.caseName() + params;
  }
}
