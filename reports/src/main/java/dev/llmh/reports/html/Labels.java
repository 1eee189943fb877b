package dev.llmh.reports.html;

import dev.llmh.result.CaseResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Names and numbers as the report prints them. */
final class Labels {
  private Labels() {}

  /** {@code SummariseDocument › define[concurrency=1]}. */
  static String of(CaseResult result) {
    return scenario(result.scenario()) + " › " + result.caseId();
  }

  /** The scenario's simple class name. */
  static String scenario(String scenario) {
    return scenario == null ? "?" : scenario.substring(scenario.lastIndexOf('.') + 1);
  }

  /** The parameters but those named, sorted and printed as {@code a=1, b=x}; empty for none. */
  static String paramsWithout(Map<String, Object> params, List<String> left) {
    TreeMap<String, String> kept = new TreeMap<>();
    if (params != null) {
      params.forEach((k, v) -> {
        if (!left.contains(k)) {
          kept.put(k, String.valueOf(v));
        }
      });
    }
    return kept.isEmpty() ? "" : kept.toString().replaceAll("^\\{|\\}$", "");
  }

  static List<Object> point(double x, double y) {
    return List.of(x, y);
  }

  /** A number with three significant figures, or the missing mark. */
  static String number(Double value) {
    if (value == null) {
      return "–";
    }
    double v = value;
    if (!Double.isFinite(v)) {
      return String.valueOf(v);
    }
    return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v)
        : new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
  }
}
