package dev.llmh.console;

import dev.llmh.constraint.Metric;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Models side by side: for each scenario that compares models (its cases
 * carry {@code params.model}), one table per prompt and other params, rows model × concurrency in run
 * order, the model named on its first row. {@code tok/s/req} is the mean per-request decode rate
 * (1 / TPOT: what one user sees), {@code total tok/s} the case's output throughput (what the server
 * delivers to all of them), so the two together show what concurrency buys.
 */
final class ModelTable {
  private static final String MODEL = "model";
  private static final String CONCURRENCY = "concurrency";
  private static final String FORMAT = "%-{w}s  %4s  %8s  %8s  %9s  %11s  %s";

  private ModelTable() {}

  /** Every scenario's tables, in run order; empty when no case compares models. */
  static String render(List<CaseResult> results, boolean colour) {
    Map<String, List<CaseResult>> groups = new LinkedHashMap<>();
    for (CaseResult result : results) {
      if (result.params() != null && result.params().containsKey(MODEL)) {
        groups.computeIfAbsent(groupName(result), name -> new ArrayList<>()).add(result);
      }
    }
    StringBuilder out = new StringBuilder();
    groups.forEach((name, cases) -> table(out, name, cases, colour));
    return out.toString();
  }

  /** {@code SideBySide › define} and the params that are neither model nor concurrency: one table each. */
  private static String groupName(CaseResult result) {
    String scenario = result.scenario().substring(result.scenario().lastIndexOf('.') + 1);
    String others = result.params().entrySet().stream()
        .filter(e -> !e.getKey().equals(MODEL) && !e.getKey().equals(CONCURRENCY))
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
    return scenario + " › " + result.caseName() + (others.isEmpty() ? "" : " [" + others + "]");
  }

  private static void table(StringBuilder out, String name, List<CaseResult> cases, boolean colour) {
    int width = Math.max(MODEL.length(), cases.stream().mapToInt(c -> String.valueOf(c.params().get(MODEL)).length()).max().orElse(0));
    String format = FORMAT.replace("{w}", String.valueOf(width));
    out.append("LLMH models side by side: ").append(name).append('\n');
    RunTable.line(out, String.format(Locale.ROOT, format, MODEL, "conc", "ttft p50", "ttft p95", "tok/s/req", "total tok/s", "verdict"));
    RunTable.line(out, String.format(Locale.ROOT, format, "", "", "(ms)", "(ms)", "(mean)", "(tok/s)", ""));
    Object previous = null;
    for (CaseResult result : cases) {
      Object model = result.params().get(MODEL);
      String verdict = ConsoleSummary.verdict(result);
      RunTable.line(out, String.format(Locale.ROOT, format, Objects.equals(model, previous) ? "" : model,
          Objects.toString(result.params().get(CONCURRENCY), "-"),
          RunTable.figure(result, CaseResult.TTFT, MetricSummary::p50), RunTable.figure(result, CaseResult.TTFT, MetricSummary::p95),
          RunTable.figure(result, Metric.DECODE_RATE.jsonName(), MetricSummary::mean),
          ConsoleSummary.number(result.throughput() == null ? null : result.throughput().outputTokensPerSecond()),
          colour ? VerdictColour.verdict(verdict) : verdict));
      previous = model;
    }
  }
}
