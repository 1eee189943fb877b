package dev.llmh.engine.run;

import dev.llmh.analysis.Figure;
import dev.llmh.feature.CaseView;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.verdict.BudgetExceeded;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.ConstraintResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
   * The case's view ({@link CaseView}) as a JUnit report entry, so that IDEs and Surefire attach it
   * to the test: each line's words by its label ({@code llmh.requests}), each value by its key
   * ({@code llmh.ttft_ms.p50}, {@code llmh.slo.goodput}, in its unit as the results file has it),
   * then each constraint's verdict line and the error that kept the case from running.
   */
  static Map<String, String> reportEntry(CaseResult result) {
    Map<String, String> entry = new LinkedHashMap<>();
    CaseView view = CaseView.of(result);
    List<Figure> lines = new ArrayList<>(List.of(view.requests()));
    lines.addAll(view.figures());
    lines.forEach(line -> entry.put("llmh." + line.label().replace(' ', '_'), line.text()));
    for (Figure.Value value : view.values()) {
      entry.put("llmh." + value.key(), value.value() == null ? "not measured: " + value.notMeasured()
          : number(value.value()) + (value.source() == Figure.Source.DECLARED ? " (declared)" : ""));
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
