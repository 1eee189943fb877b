package dev.llmh.engine.run;

import dev.llmh.console.ConsoleReport;
import dev.llmh.console.ConsoleSummary;
import dev.llmh.environment.HarnessJvm;
import dev.llmh.environment.LlmhVersion;
import dev.llmh.environment.RunEnvironment;
import dev.llmh.result.CaseResult;
import dev.llmh.result.JsonReport;
import dev.llmh.result.ReportWriters;
import dev.llmh.result.RunRecord;
import dev.llmh.stats.Summary;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.junit.platform.engine.TestExecutionResult;

/**
 * The run's record once the cases are done, with the run features' parts (the prefill fits, the
 * saturation searches), then the run's tables and reports and the line counting what nothing decided.
 */
final class RunFinisher {
  /** How constraints are judged, as the results file states it ({@code statistics.verdictBasis}). */
  static final String VERDICT_BASIS =
      "one-sided confidence bounds at llmh.confidence (results: metrics.*.ci are two-sided): order statistics"
          + " for percentiles, t for means, a request-level bootstrap for pooled itl; min, max and the per-case"
          + " figures (throughput, request_rate, error_rate) on the observed value; slo_attainment and goodput on"
          + " Clopper-Pearson bounds of the share of good requests";

  private RunFinisher() {}

  /** The record, once (a stopped JVM's hook finds it written and does nothing), then what is printed of it. */
  static TestExecutionResult writeRecord(RunState state, boolean complete, RunEnvironment runEnvironment) {
    List<CaseResult> results = state.takeForWriting();
    state.closeJournal();
    if (results == null) {
      return TestExecutionResult.successful();
    }
    RunRecord.Builder builder = RunRecord.builder()
        .run(new RunRecord.RunInfo(state.startedAt.toString(), Instant.now().toString(), complete))
        .environment(runEnvironment.record(HarnessJvm.facts(LlmhVersion.current())))
        .statistics(new RunRecord.StatisticsInfo(Summary.PERCENTILE_METHOD, VERDICT_BASIS))
        .results(results);
    state.runFeatures().record(state.plans(), results, builder);
    RunRecord record = builder.build();
    try {
      ReportWriters.writeAll(List.of(new ConsoleReport(System.out), new JsonReport(complete)), record, state.directory,
          state.runName, System.out);
      System.out.print(ConsoleSummary.undecided(results));
      return TestExecutionResult.successful();
    } catch (IOException e) {
      return TestExecutionResult.failed(
          new IOException("LLMH could not write its results to " + state.directory + ": " + e.getMessage(), e));
    }
  }
}
