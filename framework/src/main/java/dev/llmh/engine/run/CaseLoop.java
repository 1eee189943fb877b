package dev.llmh.engine.run;

import dev.llmh.baseline.BaselineConsole;
import dev.llmh.console.ConsoleSummary;
import dev.llmh.engine.cases.CaseExecutor;
import dev.llmh.engine.cases.CaseOutcome;
import dev.llmh.engine.discovery.CaseDescriptor;
import dev.llmh.feature.RanCase;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.verdict.CaseVerdict;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.opentest4j.TestAbortedException;

/**
 * A scenario's cases in turn, each reported to JUnit once: run and passed through the run's features
 * ({@link RunFeatures}), which may hold it a while (the judge, until its group is scored); not run, when
 * a run feature says why (a saturation search past its stop); or, once the run was interrupted, aborted.
 */
final class CaseLoop {
  private final RunState state;
  private final EngineExecutionListener listener;
  private final CaseExecutor executor;
  private final RunFeatures features;
  /** The cases that ran and are not reported yet: each one's test, and the record the run holds of it. */
  private final Map<CasePlan, Ran> unreported = new IdentityHashMap<>();
  private boolean complete = true;

  private record Ran(CaseDescriptor descriptor, CaseResult recorded) {}

  CaseLoop(RunState state, EngineExecutionListener listener, CaseExecutor executor, RunFeatures features) {
    this.state = state;
    this.listener = listener;
    this.executor = executor;
    this.features = features;
  }

  /** False once the run was interrupted: the cases after were not run. */
  boolean complete() {
    return complete;
  }

  void scenario(TestDescriptor scenario) {
    listener.executionStarted(scenario);
    features.scenario(scenario.getChildren().stream().map(c -> ((CaseDescriptor) c).plan()).toList());
    for (TestDescriptor child : scenario.getChildren()) {
      oneCase((CaseDescriptor) child);
    }
    report(features.scenarioEnded(complete));
    listener.executionFinished(scenario, TestExecutionResult.successful());
  }

  private void oneCase(CaseDescriptor descriptor) {
    CasePlan plan = descriptor.plan();
    Optional<String> skip = complete ? features.skip(plan) : Optional.empty();
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
      state.caseStarted(plan);
      CaseOutcome result = executor.run(plan);
      state.caseFinished(result.result());
      unreported.put(plan, new Ran(descriptor, result.result()));
      // Its test stays open while a run feature holds it (the judge, until every model has answered).
      report(features.ran(new RanCase(plan, result.result(), result.analysis(), result.answered())));
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      complete = false;
      outcome = TestExecutionResult.aborted(e);
    } catch (RuntimeException | Error e) {
      state.caseFinished(CaseOutcome.unmeasured(plan, CaseVerdict.ERROR, "harness error: " + e).result());
      outcome = TestExecutionResult.failed(e);
      report(features.gone(plan));
    }
    listener.executionFinished(descriptor, outcome);
  }

  /** A case a run feature skips: recorded and reported as not run, saying why. */
  private void notRun(CaseDescriptor descriptor, String reason) {
    CaseResult skipped = CaseOutcome.unmeasured(descriptor.plan(), CaseVerdict.NOT_RUN, reason).result()
        .toBuilder().reportedAs(CaseVerdict.Reported.SKIPPED.text()).build();
    state.caseSkipped(descriptor.plan(), skipped);
    System.out.print(ConsoleSummary.caseBlock(skipped));
    listener.executionSkipped(descriptor, reason);
    report(features.gone(descriptor.plan()));
  }

  /**
   * Cases the run's features passed on, each reported now: its record replaced by the one they
   * amended (a judged case's), its block printed, its test finished.
   */
  private void report(List<RanCase> cases) {
    for (RanCase ran : cases) {
      Ran held = unreported.remove(ran.plan());
      if (ran.result() != held.recorded()) {
        state.replace(held.recorded(), ran.result());
      }
      print(held.descriptor(), ran.result());
      listener.executionFinished(held.descriptor(), JUnitResults.testResult(ran.analysis(), ran.plan().verdicts().inconclusive()));
    }
  }

  private void print(CaseDescriptor descriptor, CaseResult result) {
    System.out.print(ConsoleSummary.caseBlock(result) + BaselineConsole.lines(result));
    System.out.flush();
    listener.reportingEntryPublished(descriptor, ReportEntry.from(JUnitResults.reportEntry(result)));
  }
}
