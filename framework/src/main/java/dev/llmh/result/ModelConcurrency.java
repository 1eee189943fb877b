package dev.llmh.result;

import dev.llmh.constraint.Metric;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The models × concurrency table of a run, the one every output formats (console, Markdown, HTML):
 * one table per scenario prompt and other {@code @Param} values, so that its rows differ only in model
 * and load; rows by model in run order, then by concurrency or rate. {@code tok/s/req} is the mean
 * per-request decode rate (1 / TPOT: what one user sees stream), {@code total tok/s} the case's output
 * throughput (what the server delivers to all of them), {@code checks} the answers that passed the
 * case's checks, when it has any (the fastest model need not pass the most); a figure not measured is
 * null, never zero.
 *
 * @param scenario the scenario's simple name
 * @param prompt the prompt's name
 * @param others the other params as {@code words=30, style=terse}; empty when there are none
 */
public record ModelConcurrency(String scenario, String prompt, String others, List<Row> rows) {
  private static final String MODEL = "model";
  private static final String CONCURRENCY = "concurrency";
  private static final String RATE = "rate";

  /**
   * @param model the model asked for ({@code params.model} when models are compared), else the one that served
   * @param load {@code concurrency=4} or {@code rate=4/s}, as the case's parameters name it; null when neither is known
   */
  public record Row(String model, String load, CaseResult result) {
    /** The load as a table cell: {@code 4}, or {@code rate 4/s}; null when not known. */
    public String level() {
      return load == null ? null : load.startsWith(CONCURRENCY) ? load.substring(CONCURRENCY.length() + 1) : load.replace('=', ' ');
    }

    public Double ttftP50() {
      return stat(CaseResult.TTFT, MetricSummary::p50);
    }

    public Double ttftP95() {
      return stat(CaseResult.TTFT, MetricSummary::p95);
    }

    public Double tpotP50() {
      return stat(CaseResult.TPOT, MetricSummary::p50);
    }

    /** The mean per-request decode rate, tok/s. */
    public Double tokensPerSecondPerRequest() {
      return stat(Metric.DECODE_RATE.jsonName(), MetricSummary::mean);
    }

    public Double totalTokensPerSecond() {
      return result.throughput() == null ? null : result.throughput().outputTokensPerSecond();
    }

    public String checksPassed() {
      return ModelConcurrency.checksPassed(result);
    }

    private Double stat(String metric, Function<MetricSummary, Double> pick) {
      MetricSummary summary = result.metrics() == null ? null : result.metrics().get(metric);
      return summary == null ? null : pick.apply(summary);
    }
  }

  /** Every table of the run, in run order of their first cases. */
  public static List<ModelConcurrency> of(List<CaseResult> results) {
    Map<List<String>, List<CaseResult>> groups = new LinkedHashMap<>();
    for (CaseResult result : results) {
      groups.computeIfAbsent(List.of(simpleName(result.scenario()), String.valueOf(result.caseName()), others(result)),
          key -> new ArrayList<>()).add(result);
    }
    List<ModelConcurrency> tables = new ArrayList<>();
    groups.forEach((key, cases) -> {
      List<String> models = cases.stream().map(ModelConcurrency::model).distinct().toList();
      List<Row> rows = cases.stream()
          .sorted(Comparator.comparingInt((CaseResult c) -> models.indexOf(model(c))).thenComparingDouble(ModelConcurrency::load))
          .map(c -> new Row(model(c), loadText(c), c))
          .toList();
      tables.add(new ModelConcurrency(key.get(0), key.get(1), key.get(2), rows));
    });
    return tables;
  }

  /** {@code SideBySide › define [words=30]}. */
  public String name() {
    return scenario + " › " + prompt + (others.isEmpty() ? "" : " [" + others + "]");
  }

  /** Checks passed of the answers counted, as {@code 17/20}: seed 004's "checks passed"; null when the case checks nothing. */
  public static String checksPassed(CaseResult result) {
    ChecksRecord checks = result.section(Section.CHECKS);
    return checks == null || checks.counted() == null || checks.counted() == 0 || checks.passed() == null ? null
        : checks.passed() + "/" + checks.counted();
  }

  /** True when a row's case checks its answers: the tables then show how many passed beside the speed. */
  public boolean checksAnswers() {
    return rows.stream().anyMatch(r -> r.checksPassed() != null);
  }

  /** True when the table puts two or more models side by side. */
  public boolean comparesModels() {
    return rows.stream().map(Row::model).distinct().count() > 1;
  }

  /** The model asked for: {@code params.model} when models are compared, else the request's, else the one that served. */
  public static String model(CaseResult result) {
    Object param = params(result).get(MODEL);
    if (param != null) {
      return param.toString();
    }
    CaseResult.EndpointRecord endpoint = result.endpoint();
    if (endpoint == null) {
      return null;
    }
    return endpoint.requestedModel() != null ? endpoint.requestedModel() : endpoint.servedModel();
  }

  /**
   * The case's model, and the one that answered when that is another: a server that stands its own
   * model in for one it does not have (the embedded server does) must not pass for the model named.
   */
  public static String label(CaseResult result) {
    String model = model(result);
    String served = result.endpoint() == null ? null : result.endpoint().servedModel();
    boolean same = served == null || served.equals(model)
        || (model != null && dev.llmh.endpoint.EmbeddedModels.servedId(model).filter(served::equals).isPresent());
    return same ? model : model + " (answered by " + served + ")";
  }

  private static String others(CaseResult result) {
    return params(result).entrySet().stream()
        .filter(e -> !e.getKey().equals(MODEL) && !e.getKey().equals(CONCURRENCY) && !e.getKey().equals(RATE))
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }

  private static String loadText(CaseResult result) {
    Object concurrency = params(result).get(CONCURRENCY);
    Object rate = params(result).get(RATE);
    return concurrency != null ? CONCURRENCY + "=" + concurrency : rate != null ? RATE + "=" + rate : null;
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

  private static Map<String, Object> params(CaseResult result) {
    return result.params() == null ? Map.of() : result.params();
  }

  private static String simpleName(String scenario) {
    return scenario == null ? "?" : scenario.substring(scenario.lastIndexOf('.') + 1);
  }
}
