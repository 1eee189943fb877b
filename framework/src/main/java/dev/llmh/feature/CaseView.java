package dev.llmh.feature;

import dev.llmh.analysis.Figure;
import dev.llmh.result.Budgets;
import dev.llmh.result.CaseResult;
import dev.llmh.result.LatencyRows;
import dev.llmh.result.RequestRow;
import java.util.ArrayList;
import java.util.List;

/**
 * One view of a case, what every output formats: its rows, each value with its unit, interval,
 * source and the budgets that judged it. The console's block, the Markdown report, the HTML report
 * and the JUnit report entry read a case's figures here and nowhere else.
 *
 * @param requests the request counts and throughput, one line
 * @param latency a row per distribution (TTFT, TPOT...), with its statistics
 * @param figures every feature's lines ({@link FigureSource}), in registration order
 */
public record CaseView(Figure requests, LatencyRows latency, List<Figure> figures) {
  public CaseView {
    figures = List.copyOf(figures);
  }

  /** The view of {@code result}: its core's rows, then each feature's, every value judged by the budgets on it. */
  public static CaseView of(CaseResult result) {
    List<Figure> figures = FigureSource.all(result).stream()
        .map(figure -> figure.judged(value -> Budgets.on(result, value.metric(), null)))
        .toList();
    return new CaseView(RequestRow.of(result), LatencyRows.of(result), figures);
  }

  /** Every value of the case: the counts, every distribution's statistics (folded ones too), every feature's. */
  public List<Figure.Value> values() {
    List<Figure.Value> values = new ArrayList<>(requests.values());
    latency.all().forEach(row -> values.addAll(row.values()));
    figures.forEach(figure -> values.addAll(figure.values()));
    return values;
  }

  /** The value named {@code key} ({@code ttft_ms.p50}, {@code slo.goodput}), or null when the case has none. */
  public Figure.Value value(String key) {
    return values().stream().filter(v -> v.key().equals(key)).findFirst().orElse(null);
  }

  /** The number named {@code key}, or null when not measured or absent. */
  public Double number(String key) {
    Figure.Value value = value(key);
    return value == null ? null : value.value();
  }
}
