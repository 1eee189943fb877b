package dev.llmh.reports;

import dev.llmh.analysis.Figure;
import dev.llmh.console.ConsoleSummary;
import dev.llmh.feature.CaseView;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.LatencyRows;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A results file as Markdown: title, environment, how percentiles were computed, one summary row
 * per case, the model × concurrency table per scenario, then a section per case with what the summary cannot hold (endpoint, constraint
 * messages, warnings, errors, failed requests).
 */
public final class MarkdownReport {
  /** Printed for a value the record does not have (null), so a gap never reads as zero. */
  public static final String MISSING = "–";

  /** Failed requests listed per case; all of them are counted. */
  static final int LISTED_FAILURES = 5;

  static final String SUMMARY_HEADER =
      "| case | ttft p50 (ms) | ttft p95 (ms) | ttft p99 (ms) | tpot p50 (ms) | itl p50 (ms) | e2e p95 (ms)"
          + " | output tokens (mean) | throughput (tok/s) | requests ok/failed | verdict |";

  /** The summary's figures after the case, by their keys in the case's view. */
  private static final List<String> SUMMARY_KEYS = List.of("ttft_ms.p50", "ttft_ms.p95", "ttft_ms.p99", "tpot_ms.p50",
      "itl_ms.p50", "e2e_ms.p95", "output_tokens.mean", "throughput.output_tokens_per_s");

  private MarkdownReport() {}

  public static String render(RunRecord record) {
    StringBuilder out = new StringBuilder();
    title(out, record.run());
    MarkdownEnvironment.render(out, record.environment());
    statistics(out, record.statistics());
    summary(out, record.results());
    out.append(ModelConcurrencyTable.render(record.results()));
    for (CaseResult result : record.results()) {
      caseSection(out, result);
    }
    return out.toString();
  }

  private static void title(StringBuilder out, RunRecord.RunInfo run) {
    if (run == null) {
      out.append("# LLMH run (start time not recorded)\n\n");
      return;
    }
    out.append("# LLMH run ").append(text(run.startedAt()))
        .append(run.complete() ? " (complete)" : " (incomplete: the run was cut short)").append("\n\n");
    out.append("Started ").append(text(run.startedAt())).append(", finished ").append(text(run.finishedAt()))
        .append(".\n\n");
  }

  private static void statistics(StringBuilder out, RunRecord.StatisticsInfo statistics) {
    out.append("## Statistics\n\n");
    if (statistics == null) {
      out.append("Percentile method: not recorded.\n\n");
      return;
    }
    out.append("Percentile method: ").append(text(statistics.percentileMethod())).append(".\n");
    out.append("Verdict basis: ").append(text(statistics.verdictBasis())).append(".\n\n");
  }

  private static void summary(StringBuilder out, List<CaseResult> results) {
    out.append("## Summary\n\n");
    if (results.isEmpty()) {
      out.append("No cases in this run.\n\n");
      return;
    }
    out.append(SUMMARY_HEADER).append('\n');
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (CaseResult result : results) {
      CaseView view = CaseView.of(result);
      StringJoiner row = new StringJoiner(" | ", "| ", " |\n");
      row.add(cell(caseName(result)));
      for (String key : SUMMARY_KEYS) {
        row.add(number(view.number(key)));
      }
      Double ok = view.number("requests.succeeded");
      row.add(ok == null ? MISSING : ok.intValue() + " / " + view.number("requests.failed").intValue());
      row.add(cell(verdict(result)));
      out.append(row);
    }
    out.append('\n');
  }

  private static void caseSection(StringBuilder out, CaseResult result) {
    out.append("## ").append(text(caseName(result))).append("\n\n");
    out.append("- Verdict: ").append(text(verdict(result))).append('\n');
    endpoint(out, result.endpoint());
    String error = result.section(Section.ERROR);
    if (error != null) {
      out.append("- Not run: ").append(text(error)).append('\n');
    }
    CaseView view = CaseView.of(result);
    if (!view.requests().values().isEmpty() && error == null) {
      out.append("- Requests: ").append(text(view.requests().text())).append('\n');
    }
    if (view.latency().all().isEmpty()) {
      out.append("- Metrics: not measured\n");
    }
    if (error == null) {
      // every feature's lines (resources, SLO, checks, comparison, judge, prompt, conversation): the console's own
      view.figures().forEach(figure -> out.append("- ").append(text(String.format(Locale.ROOT, "%-10s %s", figure.label(),
          figure.text()))).append('\n'));
    }
    out.append('\n');
    latencyTable(out, view.latency());
    if (result.verdictReasons() != null && !result.verdictReasons().isEmpty()) {
      out.append("Verdict reasons:\n\n");
      bullets(out, result.verdictReasons(), "none");
    }

    out.append("Constraints:\n\n");
    bullets(out, orEmpty(result.constraints()).stream().map(MarkdownReport::constraintLine).toList(), "none judged");
    out.append("Warnings:\n\n");
    bullets(out, orEmpty(result.section(Section.WARNINGS)), "none");
    failedRequests(out, orEmpty(result.samples()));
  }

  /**
   * Every measured distribution, in declaration order; a metric without values is left out, and one
   * identical to an earlier row is named in a note below the table instead of repeated (as on the console).
   */
  private static void latencyTable(StringBuilder out, LatencyRows shown) {
    if (shown.shown().isEmpty()) {
      return;
    }
    out.append("| metric | n | p50 | p95 | p99 | mean |\n|---|---:|---:|---:|---:|---:|\n");
    for (Figure row : shown.shown()) {
      out.append("| ").append(row.label()).append(" | ");
      if (row.values().isEmpty()) {
        out.append(row.text()).append(" | | | | |\n");
        continue;
      }
      out.append(LatencyRows.statistic(row, "n").value().intValue());
      for (String statistic : List.of("p50", "p95", "p99", "mean")) {
        out.append(" | ").append(number(LatencyRows.statistic(row, statistic).value()));
      }
      out.append(" |\n");
    }
    out.append('\n');
    if (!shown.equalities().isEmpty()) {
      out.append(text(shown.note())).append("\n\n");
    }
  }

  private static void endpoint(StringBuilder out, CaseResult.EndpointRecord endpoint) {
    if (endpoint == null) {
      out.append("- Endpoint: not recorded\n");
      return;
    }
    String kind = endpoint.kindOrGuess();
    out.append("- Endpoint: ").append(text(endpoint.url())).append(kind.equals("remote") ? "" : " (" + kind + ")")
        .append('\n');
    // The requested model is configuration, the served one what the server said: neither is "measured".
    out.append("- Model: ").append(endpoint.requestedModel() == null ? "none requested (the server chose)"
            : "requested " + text(endpoint.requestedModel()))
        .append(", served ").append(endpoint.servedModel() == null ? "unknown (no request was answered)"
            : text(endpoint.servedModel()));
    if (endpoint.ownedBy() != null) {
      out.append(" (owned by ").append(text(endpoint.ownedBy())).append(')');
    }
    out.append('\n');
    if (endpoint.server() != null && !endpoint.server().isEmpty()) {
      out.append("- Server: ");
      endpoint.server().forEach((key, value) -> out.append(text(key)).append(' ').append(text(String.valueOf(value))).append("; "));
      out.setLength(out.length() - 2);
      out.append('\n');
    }
  }

  private static String constraintLine(ConstraintRecord constraint) {
    // The engine's message already carries observed vs budget; fall back to the expression if absent.
    return constraint.message() != null
        ? constraint.message()
        : constraint.expression() + ": " + (constraint.verdict() == null ? MISSING : constraint.verdict());
  }

  private static void failedRequests(StringBuilder out, List<SampleRecord> samples) {
    List<String> reasons = samples.stream().map(SampleRecord::error).filter(e -> e != null).toList();
    out.append("Failed requests: ");
    if (reasons.isEmpty()) {
      out.append("none\n\n");
      return;
    }
    out.append(reasons.size()).append(" of ").append(samples.size()).append(" measured\n\n");
    List<String> listed = new ArrayList<>(reasons.subList(0, Math.min(LISTED_FAILURES, reasons.size())));
    if (reasons.size() > LISTED_FAILURES) {
      listed.add("… and " + (reasons.size() - LISTED_FAILURES) + " more");
    }
    bullets(out, listed, "none");
  }

  private static void bullets(StringBuilder out, List<String> lines, String whenEmpty) {
    if (lines.isEmpty()) {
      out.append("- ").append(whenEmpty).append("\n\n");
      return;
    }
    lines.forEach(line -> out.append("- ").append(text(line)).append('\n'));
    out.append('\n');
  }

  /** "SummariseDocument › summarise [concurrency=4]", like the JUnit display name. */
  static String caseName(CaseResult result) {
    String scenario = result.scenario() == null ? MISSING : result.scenario();
    String name = scenario.substring(scenario.lastIndexOf('.') + 1) + " › " + text(result.caseName());
    Map<String, Object> params = orEmpty(result.params());
    if (params.isEmpty()) {
      return name;
    }
    StringJoiner joined = new StringJoiner(", ", " [", "]");
    params.forEach((key, value) -> joined.add(key + "=" + value));
    return name + joined;
  }

  /** The recorded verdict as the console shows it, so the two views and Surefire never disagree. */
  private static String verdict(CaseResult result) {
    String verdict = ConsoleSummary.verdict(result);
    return verdict.equals("-") ? MISSING : verdict;
  }

  /** One decimal below 100 (a 12.3 ms TTFT), none above (a 1234 ms E2E): the digits that matter. */
  static String number(Double value) {
    if (value == null || !Double.isFinite(value)) {
      return MISSING;
    }
    // 99.96 would print as "100.0" with one decimal; switch format where the rounding does.
    return String.format(Locale.ROOT, Math.abs(value) < 99.95 ? "%.1f" : "%.0f", value);
  }

  /** Table cell text: one line, and '|' escaped so it cannot split the cell. */
  static String cell(String value) {
    return value == null ? MISSING : text(value).replace("|", "\\|");
  }

  /** Free text on one line: a newline inside an error message would end a list item or table row. */
  static String text(String value) {
    return value == null ? MISSING : value.replaceAll("\\s*\\R\\s*", " ").strip();
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }

  private static <K, V> Map<K, V> orEmpty(Map<K, V> map) {
    return map == null ? Map.of() : map;
  }
}
