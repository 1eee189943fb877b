package dev.llmh.console;

import dev.llmh.result.CaseResult;
import dev.llmh.result.FitRecord;
import dev.llmh.synthetic.PromptFlags;
import java.util.List;
import java.util.Locale;

/**
 * What the console says about prompts: the truncation that failed a case, in its block, and the
 * prefill fits after the run table.
 */
final class PromptLines {
  private PromptLines() {}

  /** The reasons a case failed on prompts the server truncated, each a FAIL line of its block. */
  static String truncationLines(CaseResult result) {
    StringBuilder out = new StringBuilder();
    for (String reason : result.verdictReasons() == null ? List.<String>of() : result.verdictReasons()) {
      if (reason.contains(PromptFlags.TRUNCATED)) {
        out.append("  FAIL       ").append(reason).append('\n');
      }
    }
    return out.toString();
  }

  /** One line per fit, after a heading; empty when the run fitted nothing. */
  static String fits(List<FitRecord> fits) {
    if (fits.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("LLMH prefill fits: TTFT against the server's prompt tokens, least squares on"
        + " every measured request\n");
    for (FitRecord fit : fits) {
      out.append("  ").append(fit.scenario().substring(fit.scenario().lastIndexOf('.') + 1));
      if (fit.model() != null) {
        out.append(", model ").append(fit.model());
      }
      out.append(", concurrency ").append(fit.concurrency());
      if (fit.params() != null) {
        fit.params().forEach((k, v) -> out.append(", ").append(k).append('=').append(v));
      }
      out.append(": ").append(line(fit)).append(peak(fit.longestPrompt())).append('\n');
    }
    return out.toString();
  }

  /** {@code prefill 2,010 tok/s [1,950, 2,070]: TTFT = 52 ms + 0.497 ms/token (R² 0.999)}. */
  static String line(FitRecord fit) {
    String equation = String.format(Locale.ROOT, "TTFT = %,.0f ms + %.3f ms/token (R² %.3f, %d requests over %s tokens)",
        fit.line().interceptMs(), fit.line().slopeMsPerToken(), fit.line().r2(), fit.line().n(), lengths(fit.line().lengths()));
    if (fit.prefillTokensPerSecond() == null) {
      return (fit.line().linear() ? "no prefill rate: TTFT does not grow with the prompt; "
          : "not linear, no prefill rate (queueing, a prefix cache or noise shape TTFT more than prefill); ") + equation;
    }
    List<Double> ci = fit.ci();
    String high = ci.get(1) == null ? "unbounded" : String.format(Locale.ROOT, "%,.0f", ci.get(1));
    return String.format(Locale.ROOT, "prefill %,.0f tok/s [%,.0f, %s]: ", fit.prefillTokensPerSecond(), ci.get(0), high)
        + equation;
  }

  /** {@code ; peak RSS 231 MiB on the 2,048-token prompt}, or why it is not measured. */
  private static String peak(FitRecord.LongestPrompt longest) {
    if (longest == null) {
      return "";
    }
    String on = String.format(Locale.ROOT, " on the %,d-token prompt", longest.promptTokens());
    return longest.peakRssBytes() == null ? "; peak RSS" + on + " not measured: " + longest.notMeasured()
        : "; peak RSS " + dev.llmh.constraint.Quantity.format(longest.peakRssBytes(), dev.llmh.constraint.Unit.MEBIBYTES) + on;
  }

  private static String lengths(List<Integer> lengths) {
    return String.join("/", lengths.stream().map(n -> String.format(Locale.ROOT, "%,d", n)).toList());
  }
}
