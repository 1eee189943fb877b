package dev.llmh.engine.run;

import dev.llmh.analysis.Figure;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.verdict.BudgetExceeded;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.ConstraintResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The one place a case becomes what JUnit is told: its test's result and its report entry. */
final class JUnitResults {
  private JUnitResults() {}

  /**
   * PASS passes; FAIL, NOT_RUN and ERROR fail, with every reason; INCONCLUSIVE is aborted (skipped),
   * failed or passed as {@code llmh.inconclusive} says. A broken budget fails with expected (the
   * budgets) against actual (the observed values), so IDEs show the two side by side.
   */
  static TestExecutionResult testResult(CaseAnalysis analysis, String inconclusive) {
    String reasons = String.join("\n", analysis.reasons());
    return switch (analysis.verdict().reported(inconclusive)) {
      case PASSED -> TestExecutionResult.successful();
      case SKIPPED -> TestExecutionResult.aborted(new TestAbortedException(reasons));
      case FAILED -> TestExecutionResult.failed(switch (analysis.verdict()) {
        case NOT_RUN -> new AssertionFailedError("case not run: " + reasons);
        case INCONCLUSIVE -> new AssertionFailedError(reasons + "\n(llmh.inconclusive=fail)");
        default -> analysis.failed().isEmpty()
            ? new AssertionFailedError(reasons)
            : new BudgetExceeded(reasons,
                analysis.failed().stream().map(c -> c.expression().source()).collect(Collectors.joining("; ")),
                analysis.failed().stream().map(ConstraintResult::observedText).collect(Collectors.joining("; ")));
      });
    };
  }

  /**
   * The case's figures as a JUnit report entry, so that IDEs and Surefire attach them to the test:
   * request counts, p50 / p95 / mean of every metric measured (in its unit, as the results file
   * names it), throughput, and each constraint's verdict line.
   */
  static Map<String, String> reportEntry(CaseResult result) {
    Map<String, String> entry = new LinkedHashMap<>();
    CaseResult.Requests requests = result.requests();
    entry.put("llmh.requests", requests.measured() + " measured, " + requests.succeeded() + " ok, " + requests.failed() + " failed");
    result.metrics().forEach((metric, summary) -> {
      if (summary != null && summary.n() > 0) {
        entry.put("llmh." + metric + ".p50", number(summary.p50()));
        entry.put("llmh." + metric + ".p95", number(summary.p95()));
        entry.put("llmh." + metric + ".mean", number(summary.mean()));
      }
    });
    if (result.throughput().outputTokensPerSecond() != null) {
      entry.put("llmh.throughput.output_tokens_per_s", number(result.throughput().outputTokensPerSecond()));
      entry.put("llmh.throughput.requests_per_s", number(result.throughput().requestsPerSecond()));
    }
    for (Figure figure : FigureSource.all(result)) {
      entry.put("llmh." + figure.label().replace(' ', '_'), figure.text());
      for (Figure.Value value : figure.values()) {
        entry.put("llmh." + value.key(), value.value() == null ? "not measured: " + value.notMeasured()
            : number(value.value()) + (value.source() == Figure.Source.DECLARED ? " (declared)" : ""));
      }
    }
    for (CaseResult.ConstraintRecord constraint : result.constraints()) {
      entry.put("llmh.constraint." + constraint.expression(), constraint.message());
    }
    String error = result.section(Section.ERROR);
    if (error != null) {
      entry.put("llmh.error", error);
    }
    return entry;
  }

  private static String number(Double value) {
    return value == null ? "null" : String.format(java.util.Locale.ROOT, "%.4g", value);
  }
}
