package dev.llmh.console;

import dev.llmh.constraint.Metric;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.MetricSummary;
import java.util.List;
import java.util.Locale;

/** The console view of results: a block per case, and one table for the whole run. */
public final class ConsoleSummary {
  private ConsoleSummary() {}

  /** A case's block: what served it, the request counts, a metrics table and each verdict. */
  public static String caseBlock(CaseResult result) {
    StringBuilder out = new StringBuilder();
    out.append("LLMH ").append(shortName(result.scenario())).append(" › ").append(displayName(result)).append('\n');
    CaseResult.EndpointRecord endpoint = result.endpoint();
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
    if (result.error() != null) {
      out.append("  NOT RUN    ").append(result.error()).append('\n');
      return out.toString();
    }
    CaseResult.Requests requests = result.requests();
    out.append(String.format(Locale.ROOT, "  requests   %d measured (%d ok, %d failed) after %d warm-up",
        requests.measured(), requests.succeeded(), requests.failed(), requests.warmup()));
    if (requests.noAnswer() > 0) {
      out.append(String.format(Locale.ROOT, "; %d NO ANSWER (reasoning only)", requests.noAnswer()));
    }
    if (requests.modelLoadExcluded() > 0) {
      out.append(String.format(Locale.ROOT, "; %d with model load excluded", requests.modelLoadExcluded()));
    }
    Integer declared = declaredConcurrency(result);
    if (requests.effectiveConcurrency() != null && declared != null && requests.effectiveConcurrency() < declared) {
      // The case is named for its declared concurrency; say when the load never reached it.
      out.append(String.format(Locale.ROOT, "; effective concurrency %d, not %d: fewer requests than workers",
          requests.effectiveConcurrency(), declared));
    }
    CaseResult.Throughput throughput = result.throughput();
    if (throughput.outputTokensPerSecond() != null) {
      out.append(String.format(Locale.ROOT, "; throughput %.1f tok/s, %.2f req/s",
          throughput.outputTokensPerSecond(), throughput.requestsPerSecond()));
    }
    out.append('\n');
    out.append(String.format(Locale.ROOT, "  %-15s %5s %9s %9s %9s %9s %9s %9s%n",
        "metric", "n", "p50", "p95", "p99", "mean", "min", "max"));
    for (Metric metric : Metric.values()) {
      if (!metric.isDistribution() || !result.metrics().containsKey(metric.jsonName())) {
        continue;
      }
      MetricSummary summary = result.metrics().get(metric.jsonName());
      if (summary == null) {
        out.append(String.format(Locale.ROOT, "  %-15s %s%n", metric.label(), "unknown: chunk token counts not confirmed by the server"));
      } else if (summary.n() > 0) {
        row(out, metric.label(), summary);
      }
    }
    for (ConstraintRecord constraint : result.constraints()) {
      out.append("  ").append(constraint.message()).append('\n');
    }
    for (String warning : result.warnings()) {
      out.append("  warning: ").append(warning).append('\n');
    }
    result.samples().stream()
        .filter(sample -> sample.error() != null)
        .limit(3)
        .forEach(sample -> out.append("  failed request: ").append(sample.error()).append('\n'));
    return out.toString();
  }

  /** One line per case: the figures people compare first. */
  public static String runTable(List<CaseResult> results) {
    StringBuilder out = new StringBuilder();
    String format = "%-44s %9s %9s %9s %9s %9s  %s%n";
    out.append(String.format(Locale.ROOT, format, "LLMH case", "ttft p50", "ttft p95", "tpot p50", "e2e p95", "tok/s", "verdict"));
    for (CaseResult result : results) {
      out.append(String.format(Locale.ROOT, format,
          clip(shortName(result.scenario()) + " › " + displayName(result), 44),
          number(stat(result, CaseResult.TTFT, true)), number(stat(result, CaseResult.TTFT, false)),
          number(stat(result, CaseResult.TPOT, true)),
          number(stat(result, CaseResult.E2E, false)),
          number(result.throughput().outputTokensPerSecond()),
          verdict(result)));
    }
    return out.toString();
  }

  private static Integer declaredConcurrency(CaseResult result) {
    return result.params() != null && result.params().get("concurrency") instanceof Number n ? n.intValue() : null;
  }

  /** Engine, model file and shape, as the server described them. */
  private static String describeServer(java.util.Map<String, Object> server) {
    return java.util.stream.Stream.of("engine", "modelFile", "modelShape")
        .filter(server::containsKey)
        .map(key -> String.valueOf(server.get(key)))
        .collect(java.util.stream.Collectors.joining(", "));
  }

  private static Double stat(CaseResult result, String metric, boolean median) {
    MetricSummary summary = result.metrics().get(metric);
    return summary == null ? null : median ? summary.p50() : summary.p95();
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

  private static void row(StringBuilder out, String label, MetricSummary s) {
    if (s == null) {
      return;
    }
    out.append(String.format(Locale.ROOT, "  %-15s %5d %9s %9s %9s %9s %9s %9s%n",
        label, s.n(), number(s.p50()), number(s.p95()), number(s.p99()), number(s.mean()), number(s.min()), number(s.max())));
    if (s.ci() != null && s.n() > 0) {
      // the two-sided intervals under their row: "?" is an end the sample cannot bound
      out.append(String.format(Locale.ROOT, "  %-15s %s CI  p50 %s  p95 %s  p99 %s  mean %s%n",
          "", String.format(Locale.ROOT, "%.4g%%", s.ci().level() * 100).replaceAll("\\.?0+%", "%"), interval(s.p50(), s.ci().p50()), interval(s.p95(), s.ci().p95()),
          interval(s.p99(), s.ci().p99()), interval(s.mean(), s.ci().mean())));
    }
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

  private static String number(Double value) {
    if (value == null) {
      return "-";
    }
    return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.2f", value);
  }

  private static String displayName(CaseResult result) {
    return result.caseName() + result.params().entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(java.util.stream.Collectors.joining(", ", " [", "]"));
  }

  private static String shortName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }

  private static String clip(String text, int width) {
    return text.length() <= width ? text : text.substring(0, width - 1) + "…";
  }
}
