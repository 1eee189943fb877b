package dev.llmh.reports;

import dev.llmh.constraint.Metric;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The models-side-by-side table, per scenario: model × concurrency with TTFT p50, TTFT p95, tok/s per request and
 * total tok/s, in Markdown ready for a pull-request comment. One table per scenario prompt (and
 * other {@code @Param} values), so every row of a table differs only in model and concurrency.
 * {@code tok/s/req} is the mean per-request decode rate (1 / TPOT: what one user sees stream),
 * {@code total tok/s} the case's output throughput; a figure not measured is a dash, never zero.
 */
final class ModelConcurrencyTable {
  static final String HEADER = "| model | concurrency | ttft p50 (ms) | ttft p95 (ms) | tok/s/req (mean) | total tok/s |";
  private static final String MODEL = "model";
  private static final String CONCURRENCY = "concurrency";
  private static final String RATE = "rate";

  private ModelConcurrencyTable() {}

  /** The section, or empty when the run has no case. */
  static String render(List<CaseResult> results) {
    if (results.isEmpty()) {
      return "";
    }
    Map<String, Map<String, List<CaseResult>>> scenarios = new LinkedHashMap<>();
    for (CaseResult result : results) {
      scenarios.computeIfAbsent(simpleName(result.scenario()), s -> new LinkedHashMap<>())
          .computeIfAbsent(group(result), g -> new ArrayList<>()).add(result);
    }
    StringBuilder out = new StringBuilder("## Models × concurrency\n\n");
    out.append("Models side by side: `tok/s/req` is the mean per-request decode rate (1 / TPOT), `total tok/s` the case's"
        + " output throughput over its measured phase.\n\n");
    scenarios.forEach((scenario, groups) -> groups.forEach((group, cases) -> {
      out.append("### ").append(MarkdownReport.text(scenario + " › " + group)).append("\n\n");
      out.append(HEADER).append("\n|---|---:|---:|---:|---:|---:|\n");
      List<String> models = cases.stream().map(ModelConcurrencyTable::model).distinct().toList();
      cases.stream()
          .sorted(Comparator.comparingInt((CaseResult c) -> models.indexOf(model(c))).thenComparingDouble(ModelConcurrencyTable::load))
          .forEach(c -> out.append("| ").append(MarkdownReport.cell(model(c))).append(" | ")
              .append(MarkdownReport.cell(concurrency(c))).append(" | ")
              .append(MarkdownReport.number(stat(c, CaseResult.TTFT, MetricSummary::p50))).append(" | ")
              .append(MarkdownReport.number(stat(c, CaseResult.TTFT, MetricSummary::p95))).append(" | ")
              .append(MarkdownReport.number(stat(c, Metric.DECODE_RATE.jsonName(), MetricSummary::mean))).append(" | ")
              .append(MarkdownReport.number(c.throughput() == null ? null : c.throughput().outputTokensPerSecond()))
              .append(" |\n"));
      out.append('\n');
    }));
    return out.toString();
  }

  /** The prompt and the params that are neither model nor load: {@code summarise [words=30]}. */
  private static String group(CaseResult result) {
    String others = params(result).entrySet().stream()
        .filter(e -> !e.getKey().equals(MODEL) && !e.getKey().equals(CONCURRENCY) && !e.getKey().equals(RATE))
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
    return (result.caseName() == null ? MarkdownReport.MISSING : result.caseName()) + (others.isEmpty() ? "" : " [" + others + "]");
  }

  /** The model as a param when the scenario compares models, else what served, else what was asked for. */
  static String model(CaseResult result) {
    Object param = params(result).get(MODEL);
    if (param != null) {
      return param.toString();
    }
    CaseResult.EndpointRecord endpoint = result.endpoint();
    if (endpoint == null) {
      return MarkdownReport.MISSING;
    }
    return endpoint.servedModel() != null ? endpoint.servedModel()
        : endpoint.requestedModel() != null ? endpoint.requestedModel() : MarkdownReport.MISSING;
  }

  private static String concurrency(CaseResult result) {
    Object concurrency = params(result).get(CONCURRENCY);
    if (concurrency != null) {
      return concurrency.toString();
    }
    Object rate = params(result).get(RATE);
    return rate == null ? MarkdownReport.MISSING : "rate " + rate;
  }

  /** Sort key: the concurrency or the rate's number, so 2 comes before 10. */
  private static double load(CaseResult result) {
    Object value = params(result).getOrDefault(CONCURRENCY, params(result).get(RATE));
    if (value instanceof Number number) {
      return number.doubleValue();
    }
    String text = value == null ? "" : value.toString().replaceAll("[^0-9.].*$", "");
    try {
      return text.isEmpty() ? Double.MAX_VALUE : Double.parseDouble(text);
    } catch (NumberFormatException e) {
      return Double.MAX_VALUE;
    }
  }

  private static Double stat(CaseResult result, String metric, java.util.function.Function<MetricSummary, Double> pick) {
    MetricSummary summary = result.metrics() == null ? null : result.metrics().get(metric);
    return summary == null ? null : pick.apply(summary);
  }

  private static Map<String, Object> params(CaseResult result) {
    return result.params() == null ? Map.of() : result.params();
  }

  private static String simpleName(String scenario) {
    return scenario == null ? MarkdownReport.MISSING : scenario.substring(scenario.lastIndexOf('.') + 1);
  }
}
