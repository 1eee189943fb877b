package dev.llmh.analysis;

import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Unit;
import java.util.List;

/**
 * One line of a case's figures, as every output shows it: the console and the Markdown report print
 * its label and text, the HTML report tabulates its values with their intervals and sources, the
 * JUnit report entry names each value by its key. Features make them from the record
 * ({@code dev.llmh.feature.FigureSource}), so that an output formats figures it need not know.
 *
 * @param label the word before the line ({@code slo}, {@code energy})
 * @param text the line after the label, figures and how they were found in words
 * @param values the numbers in the line, each with its unit, interval and source; empty for a line of words
 */
public record Figure(String label, String text, List<Value> values) {
  public Figure {
    values = List.copyOf(values);
  }

  /** Where a value comes from: measured, computed from a value the scenario declared, or not measured. */
  public enum Source {
    MEASURED, DECLARED, NOT_MEASURED
  }

  /**
   * @param key its path in the results file ({@code slo.goodput}), the JUnit report entry's name after {@code llmh.}
   * @param metric the metric a budget may be set on, or null for a figure no budget names
   * @param label what the value is, in words ({@code goodput}); with the unit, a table's row header
   * @param value the value in {@code unit}; null when not measured
   * @param unit the unit of the value and interval
   * @param interval [low, high], the confidence interval a budget on it is judged on; null when none
   * @param source measured, declared or not measured
   * @param notMeasured why the value is not measured, else null
   */
  public record Value(
      String key, Metric metric, String label, Double value, Unit unit, List<Double> interval, Source source,
      String notMeasured) {
    /** A measured value. */
    public static Value measured(String key, Metric metric, String label, Double value, Unit unit, List<Double> interval) {
      return new Value(key, metric, label, value, unit, interval, value == null ? Source.NOT_MEASURED : Source.MEASURED,
          value == null ? "no value recorded" : null);
    }

    /** A value not measured, and why. */
    public static Value missing(String key, Metric metric, String label, Unit unit, String why) {
      return new Value(key, metric, label, null, unit, null, Source.NOT_MEASURED, why);
    }

    /** The same value, computed from a declared figure rather than measured. */
    public Value declared() {
      return new Value(key, metric, label, value, unit, interval, value == null ? source : Source.DECLARED, notMeasured);
    }
  }
}
