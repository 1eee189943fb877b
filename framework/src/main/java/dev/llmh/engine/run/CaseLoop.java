package dev.llmh.engine.run;

import dev.llmh.baseline.BaselineConsole;
import dev.llmh.console.ConsoleSummary;
import dev.llmh.engine.cases.CaseExecutor;
import dev.llmh.engine.cases.CaseOutcome;
import dev.llmh.engine.discovery.CaseDescriptor;
import dev.llmh.result.CaseResult;
import dev.llmh.verdict.CaseVerdict;
import java.util.List;
import java.util.Optional;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.opentest4j.TestAbortedException;

/**
 * A scenario's cases in turn, each reported to JUnit once: run; not run past its saturation search's
 * stop; held until its judge has scored its group; or, once the run was interrupted, aborted.
 */
final class CaseLoop {
  private final RunState state;
  private final EngineExecutionListener listener;
  private final CaseExecutor executor;
  private final JudgedCases judging;
  private final SaturationSearches searches = new SaturationSearches();
  private boolean complete = true;

  CaseLoop(RunState state, EngineExecutionListener listener, CaseExecutor executor, JudgedCases judging) {
    this.state = state;
    this.listener = listener;
    this.executor = executor;
    this.judging = judging;
  }

  /** False once the run was interrupted: the cases after were not run. */
  boolean complete() {
    return complete;
  }

  void scenario(TestDescriptor scenario) {
    listener.executionStarted(scenario);
    judging.scenario(scenario.getChildren().stream().map(c -> ((CaseDescriptor) c).plan()).toList());
    for (TestDescriptor child : scenario.getChildren()) {
      oneCase((CaseDescriptor) child);
    }
    finishJudged(judging.flush(complete));
    listener.executionFinished(scenario, TestExecutionResult.successful());
  }

  private void oneCase(CaseDescriptor descriptor) {
    Optional<String> skip = complete ? searches.skipReason(descriptor.plan()) : Optional.empty();
    if (skip.isPresent()) {
      notRun(descriptor, skip.get());
      return;
    }
    listener.executionStarted(descriptor);
    if (!complete) {
      listener.executionFinished(descriptor, TestExecutionResult.aborted(new TestAbortedException("run interrupted")));
      return;
    }
    TestExecutionResult outcome;
    try {
      state.caseStarted(descriptor.plan());
      CaseOutcome result = executor.run(descriptor.plan());
      state.caseFinished(result.result());
      searches.finished(descriptor.plan(), result.result());
      if (JudgedCases.judged(descriptor.plan())) {
        // Its test stays open until the judge has scored its group (JudgedCases), after every model answered.
        finishJudged(judging.measured(descriptor, result));
        return;
      }
      print(descriptor, result.result());
      outcome = JUnitResults.testResult(result.analysis(), descriptor.plan().verdicts().inconclusive());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      complete = false;
      outcome = TestExecutionResult.aborted(e);
    } catch (RuntimeException | Error e) {
      state.caseFinished(CaseOutcome.unmeasured(descriptor.plan(), CaseVerdict.ERROR, "harness error: " + e).result());
      outcome = TestExecutionResult.failed(e);
      judging.gone(descriptor.plan()).forEach(held -> finishJudged(List.of(held)));
    }
    listener.executionFinished(descriptor, outcome);
  }

  /** A step past its search's stop: recorded and reported as not run, saying why. */
  private void notRun(CaseDescriptor descriptor, String reason) {
    CaseResult skipped = CaseOutcome.unmeasured(descriptor.plan(), CaseVerdict.NOT_RUN, reason).result()
        .toBuilder().reportedAs(CaseVerdict.Reported.SKIPPED.text()).build();
    state.caseSkipped(descriptor.plan(), skipped);
    System.out.print(ConsoleSummary.caseBlock(skipped));
    listener.executionSkipped(descriptor, reason);
    finishJudged(judging.gone(descriptor.plan()));
  }

  /** Judged cases, each reported now: its record replaced by the judged one, its block printed, its test finished. */
  private void finishJudged(List<JudgedCases.Done> done) {
    for (JudgedCases.Done d : done) {
      CaseResult judged = d.judged().result();
      state.replace(d.measured().result(), judged);
      print(d.descriptor(), judged);
      listener.executionFinished(d.descriptor(), JUnitResults.testResult(d.judged().analysis(), d.descriptor().plan().verdicts().inconclusive()));
    }
  }

  private void print(CaseDescriptor descriptor, CaseResult result) {
    System.out.print(ConsoleSummary.caseBlock(result) + BaselineConsole.lines(result));
    System.out.flush();
    listener.reportingEntryPublished(descriptor, ReportEntry.from(JUnitResults.reportEntry(result)));
  }
}
