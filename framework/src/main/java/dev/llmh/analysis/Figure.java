package dev.llmh.analysis;

import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One line of a case's figures, as every output shows it: the console and the Markdown report print
 * its label and text, the HTML report tabulates its values with their intervals, sources and
 * budgets' verdicts, the JUnit report entry names each value by its key. Features make them from the
 * record ({@code dev.llmh.feature.FigureSource}), and so does the record's core (the request counts,
 * each latency distribution), so that an output formats figures it need not know.
 *
 * @param label the word before the line ({@code slo}, {@code energy})
 * @param text the line after the label, figures and how they were found in words
 * @param values the numbers in the line, each with its unit, interval and source; empty for a line of words
 */
public record Figure(String label, String text, List<Value> values) {
  public Figure {
    values = List.copyOf(values);
  }

  /** The same line, each value carrying the budgets {@code judged} finds set on it. */
  public Figure judged(Function<Value, List<Budget>> judged) {
    List<Value> out = new ArrayList<>();
    values.forEach(v -> out.add(v.judgedBy(judged.apply(v))));
    return new Figure(label, text, out);
  }

  /** Where a value comes from: measured, computed from a value the scenario declared, or not measured. */
  public enum Source {
    MEASURED, DECLARED, NOT_MEASURED
  }

  /**
   * Where a value comes from, and why it is not measured when it is not.
   *
   * @param source measured, declared or not measured
   * @param notMeasured why the value is not measured, else null
   */
  public record Origin(Source source, String notMeasured) {}

  /**
   * A budget set on a value and what it decided, as the case's record holds it: carried by the value
   * so that no output joins budgets to figures.
   *
   * @param expression the budget as written ({@code ttft.p50 <= 2s})
   * @param verdict PASS, FAIL or INCONCLUSIVE
   * @param message the verdict's line, observed against budget with the interval judged on
   */
  public record Budget(String expression, String verdict, String message) {}

  /**
   * @param key its name: the path in the results file ({@code slo.goodput}), a latency statistic's
   *     after {@code metrics.} ({@code ttft_ms.p50}); the JUnit report entry's name after {@code llmh.}
   * @param metric the metric a budget may be set on, or null for a figure no budget names
   * @param label what the value is, in words ({@code goodput}); with the unit, a table's row header
   * @param value the value in {@code unit}; null when not measured
   * @param unit the unit of the value and interval
   * @param interval [low, high], the confidence interval a budget on it is judged on (an end the
   *     sample cannot bound null); null when none
   * @param origin measured, declared or not measured, and why
   * @param budgets the budgets set on the value, each with its verdict; empty when none names it
   */
  public record Value(
      String key, Metric metric, String label, Double value, Unit unit, List<Double> interval, Origin origin,
      List<Budget> budgets) {
    public Value {
      budgets = List.copyOf(budgets);
    }

    /** A measured value. */
    public static Value measured(String key, Metric metric, String label, Double value, Unit unit, List<Double> interval) {
      return new Value(key, metric, label, value, unit, interval,
          value == null ? new Origin(Source.NOT_MEASURED, "no value recorded") : new Origin(Source.MEASURED, null), List.of());
    }

    /** A value not measured, and why. */
    public static Value missing(String key, Metric metric, String label, Unit unit, String why) {
      return new Value(key, metric, label, null, unit, null, new Origin(Source.NOT_MEASURED, why), List.of());
    }

    /** The same value, computed from a declared figure rather than measured. */
    public Value declared() {
      return value == null ? this : new Value(key, metric, label, value, unit, interval, new Origin(Source.DECLARED, null), budgets);
    }

    /** The same value, judged by {@code budgets}. */
    public Value judgedBy(List<Budget> budgets) {
      return new Value(key, metric, label, value, unit, interval, origin, budgets);
    }

    /** Measured, declared or not measured. */
    public Source source() {
      return origin.source();
    }

    /** Why the value is not measured, else null. */
    public String notMeasured() {
      return origin.notMeasured();
    }
  }
}
