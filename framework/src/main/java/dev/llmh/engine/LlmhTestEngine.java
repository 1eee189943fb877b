package dev.llmh.engine;

import dev.llmh.baseline.BaselineConsole;
import dev.llmh.baseline.Baselines;
import dev.llmh.config.Config;
import dev.llmh.analysis.CaseAnalysis;
import dev.llmh.analysis.PrefillFits;
import dev.llmh.config.ConfigException;
import dev.llmh.config.ConfigKey;
import dev.llmh.constraint.Metric;
import dev.llmh.console.ConsoleSummary;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.environment.ClientMachine;
import dev.llmh.environment.RunEnvironment;
import dev.llmh.plan.CasePlan;
import dev.llmh.progress.Progress;
import dev.llmh.resources.GpuInventory;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ReportWriters;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunJournal;
import dev.llmh.result.RunRecord;
import dev.llmh.select.Selection;
import dev.llmh.stats.Summary;
import dev.llmh.verdict.BudgetExceeded;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.CaseVerdict;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;
import org.junit.platform.engine.support.discovery.EngineDiscoveryRequestResolver;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The LLMH JUnit Platform engine (id {@code llmh}): discovers {@code @LlmBenchmark} classes through
 * their generated runners, runs each case in turn, fails a case that breaks a budget, and writes the
 * run's record when all cases are done.
 */
public final class LlmhTestEngine implements TestEngine {
  public static final String ENGINE_ID = "llmh";

  static {
    // OSHI logs through SLF4J: a project without an SLF4J binding would see SLF4J's three lines about
    // falling back to no logging on every run. Its own reports go down to errors, unless the user set
    // the level; no binding is imposed, and a project's own logging is untouched.
    if (System.getProperty("slf4j.internal.verbosity") == null) {
      System.setProperty("slf4j.internal.verbosity", "ERROR");
    }
  }

  @Override
  public String getId() {
    return ENGINE_ID;
  }

  @Override
  public Optional<String> getGroupId() {
    return Optional.of("dev.llmh");
  }

  @Override
  public Optional<String> getArtifactId() {
    return Optional.of("llmh-framework");
  }

  @Override
  public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
    DiscoveryIssueReporter issues = DiscoveryIssueReporter.forwarding(request.getDiscoveryListener(), uniqueId);
    Config config;
    Optional<Selection> selection;
    try {
      config = Config.read(key -> request.getConfigurationParameters().get(key), System.getenv());
      selection = Selection.read(key -> request.getConfigurationParameters().get(key), System.getenv());
      // Read now so that a missing or unreadable baseline stops the run before its first request.
      Baselines.read(key -> request.getConfigurationParameters().get(key), System.getenv(), environment());
    } catch (ConfigException e) {
      issues.reportIssue(DiscoveryIssue.create(DiscoveryIssue.Severity.ERROR, "LLMH configuration: " + e.getMessage()));
      return new LlmhEngineDescriptor(uniqueId, null);
    }
    LlmhEngineDescriptor root = new LlmhEngineDescriptor(uniqueId, config);
    EngineDiscoveryRequestResolver.<LlmhEngineDescriptor>builder()
        .addClassContainerSelectorResolver(ScenarioSelectorResolver::isScenario)
        .addSelectorResolver(
            context -> new ScenarioSelectorResolver(config, context.getIssueReporter(), context.getClassNameFilter()))
        .build()
        .resolve(new ScenarioDiscoveryRequest(request), root);
    selection.ifPresent(s -> SelectedCases.keepOnly(root, s, config, issues));
    if (!root.getChildren().isEmpty()) {
      try {
        ResultsFiles.checkWritable(config.resultsDir());
      } catch (IOException | RuntimeException e) {
        issues.reportIssue(DiscoveryIssue.create(DiscoveryIssue.Severity.ERROR,
            "LLMH configuration: llmh.resultsDir = '" + config.resultsDir() + "' cannot be written (" + e
                + "); set llmh.resultsDir (LLMH_RESULTS_DIR) to a writable directory"));
        return new LlmhEngineDescriptor(uniqueId, null);
      }
    }
    return root;
  }

  @Override
  public void execute(ExecutionRequest request) {
    LlmhEngineDescriptor root = (LlmhEngineDescriptor) request.getRootTestDescriptor();
    EngineExecutionListener listener = request.getEngineExecutionListener();
    listener.executionStarted(root);
    if (root.getChildren().isEmpty()) {
      listener.executionFinished(root, TestExecutionResult.successful());
      return;
    }
    if (System.getProperty(ConfigKey.API_KEY.key()) != null) {
      System.err.println("LLMH warning: the API key was given as the system property llmh.apiKey, which Surefire copies"
          + " into target/surefire-reports/TEST-*.xml; give it as the environment variable LLMH_API_KEY or in a file"
          + " named by llmh.apiKeyFile instead");
    }
    Instant startedAt = Instant.now();
    RunEnvironment runEnvironment = RunEnvironment.begin();
    RunState state;
    Progress progress = Progress.start(root.config().progress());
    try {
      state = startRun(root.config().resultsDir(), startedAt, root, progress);
      if (root.config().clientWarmup() > 0) {
        RunState.warmUpBookkeeping(BOOKKEEPING_WARMUP_LINES);
      }
    } catch (IOException e) {
      // Nothing was sent: better no run than a run whose every sample is lost.
      String reason = "LLMH cannot write its record to " + root.config().resultsDir().toAbsolutePath() + " (" + e
          + "); set llmh.resultsDir to a writable directory";
      root.getChildren().forEach(scenario -> listener.executionSkipped(scenario, reason));
      listener.executionFinished(root, TestExecutionResult.failed(new IOException(reason, e)));
      return;
    }
    // On SIGINT/SIGTERM the record is still written, from what finished, marked incomplete.
    Thread hook = new Thread(() -> writeRecord(state, false, runEnvironment), "llmh-shutdown-record");
    Runtime.getRuntime().addShutdownHook(hook);
    boolean complete = true;
    Baselines baselines =
        Baselines.read(key -> request.getConfigurationParameters().get(key), System.getenv(), environment());
    try (progress; Endpoints endpoints = new Endpoints(root.config(), progress::phase)) {
      CaseExecutor executor = new CaseExecutor(endpoints, state, baselines, new CaseComparison(root.config().compare()));
      SaturationSearches searches = new SaturationSearches();
      JudgedCases judging = new JudgedCases(root.config().judge(), endpoints);
      for (TestDescriptor scenario : root.getChildren()) {
        listener.executionStarted(scenario);
        judging.scenario(scenario.getChildren().stream().map(c -> ((CaseDescriptor) c).plan()).toList());
        for (TestDescriptor child : scenario.getChildren()) {
          CaseDescriptor descriptor = (CaseDescriptor) child;
          Optional<String> skip = complete ? searches.skipReason(descriptor.plan()) : Optional.empty();
          if (skip.isPresent()) {
            // a step past its search's stop: recorded and reported as not run, saying why
            CaseResult skipped = CaseOutcome.unmeasured(descriptor.plan(), CaseVerdict.NOT_RUN, skip.get()).result()
                .withReportedAs(CaseVerdict.Reported.SKIPPED.text());
            state.caseSkipped(descriptor.plan(), skipped);
            System.out.print(ConsoleSummary.caseBlock(skipped));
            listener.executionSkipped(descriptor, skip.get());
            finishJudged(judging.gone(descriptor.plan()), state, listener);
            continue;
          }
          listener.executionStarted(descriptor);
          if (!complete) {
            listener.executionFinished(descriptor, TestExecutionResult.aborted(new TestAbortedException("run interrupted")));
            continue;
          }
          TestExecutionResult outcome;
          try {
            state.caseStarted(descriptor.plan());
            CaseOutcome result = executor.run(descriptor.plan());
            state.caseFinished(result.result());
            searches.finished(descriptor.plan(), result.result());
            if (JudgedCases.judged(descriptor.plan())) {
              // Its test stays open until the judge has scored its group (JudgedCases), after every model answered.
              finishJudged(judging.measured(descriptor, result), state, listener);
              continue;
            }
            System.out.print(ConsoleSummary.caseBlock(result.result()) + BaselineConsole.lines(result.result()));
            System.out.flush();
            listener.reportingEntryPublished(descriptor, ReportEntry.from(reportEntry(result.result())));
            outcome = testResult(result.analysis(), descriptor.plan().inconclusive());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            complete = false;
            outcome = TestExecutionResult.aborted(e);
          } catch (RuntimeException | Error e) {
            state.caseFinished(CaseOutcome.unmeasured(descriptor.plan(), CaseVerdict.ERROR, "harness error: " + e).result());
            outcome = TestExecutionResult.failed(e);
            judging.gone(descriptor.plan()).forEach(held -> finishJudged(List.of(held), state, listener));
          }
          listener.executionFinished(descriptor, outcome);
        }
        finishJudged(judging.flush(complete), state, listener);
        listener.executionFinished(scenario, TestExecutionResult.successful());
      }
      writeAnswers(judging, state);
      if (complete) {
        runEnvironment.describeServers(endpoints, state.plans(), LlmhVersion.current()); // after the last case: never timed
      }
    }
    TestExecutionResult written = writeRecord(state, complete, runEnvironment);
    if (complete && written.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
      written = BaselineConsole.save(baselines);
    }
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down: the hook finds the record written and does nothing
    }
    listener.executionFinished(root, written);
  }

  /** Judged cases, each reported now: its record replaced by the judged one, its block printed, its test finished. */
  private static void finishJudged(List<JudgedCases.Done> done, RunState state, EngineExecutionListener listener) {
    for (JudgedCases.Done d : done) {
      CaseResult judged = d.judged().result();
      state.replace(d.measured().result(), judged);
      System.out.print(ConsoleSummary.caseBlock(judged) + BaselineConsole.lines(judged));
      System.out.flush();
      listener.reportingEntryPublished(d.descriptor(), ReportEntry.from(reportEntry(judged)));
      listener.executionFinished(d.descriptor(), testResult(d.judged().analysis(), d.descriptor().plan().inconclusive()));
    }
  }

  /** {@code answers-<timestamp>.md}, when anything was judged. */
  private static void writeAnswers(JudgedCases judging, RunState state) {
    try {
      Path written = judging.report().write(state.directory, state.runName);
      if (written != null) {
        System.out.println("LLMH judged answers: " + written.toAbsolutePath());
      }
    } catch (IOException e) {
      System.err.println("LLMH could not write the judged answers to " + state.directory + ": " + e);
    }
  }

  private static RunState startRun(Path directory, Instant startedAt, LlmhEngineDescriptor root, Progress progress)
      throws IOException {
    ResultsFiles.checkWritable(directory);
    String runName = ResultsFiles.runName(directory, startedAt);
    List<CasePlan> plans = new ArrayList<>();
    root.getChildren().forEach(scenario -> scenario.getChildren().forEach(c -> plans.add(((CaseDescriptor) c).plan())));
    return new RunState(directory, startedAt, runName, RunJournal.open(directory, runName), plans, progress);
  }

  /** Journal lines built before the first case: enough for C2 to compile the per-request bookkeeping. */
  static final int BOOKKEEPING_WARMUP_LINES = 5_000;

  /** How constraints are judged, as the results file states it ({@code statistics.verdictBasis}). */
  static final String VERDICT_BASIS =
      "one-sided confidence bounds at llmh.confidence (results: metrics.*.ci are two-sided): order statistics"
          + " for percentiles, t for means, a request-level bootstrap for pooled itl; min, max and the per-case"
          + " figures (throughput, request_rate, error_rate) on the observed value; slo_attainment and goodput on"
          + " Clopper-Pearson bounds of the share of good requests";

  /**
   * The one place a case's verdict becomes a JUnit result: PASS passes; FAIL, NOT_RUN and ERROR
   * fail, with every reason; INCONCLUSIVE is aborted (skipped), failed or passed as {@code
   * llmh.inconclusive} says. A broken budget fails with expected (the budgets) against actual (the
   * observed values), so IDEs show the two side by side.
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

  private static TestExecutionResult writeRecord(RunState state, boolean complete, RunEnvironment runEnvironment) {
    List<CaseResult> results = state.takeForWriting();
    state.closeJournal();
    if (results == null) {
      return TestExecutionResult.successful();
    }
    RunRecord record =
        new RunRecord(
            RunRecord.SCHEMA_VERSION,
            new RunRecord.RunInfo(state.startedAt.toString(), Instant.now().toString(), complete),
            runEnvironment.record(environment()),
            new RunRecord.StatisticsInfo(Summary.PERCENTILE_METHOD, VERDICT_BASIS),
            results,
            PrefillFits.of(results),
            SaturationSearches.records(state.plans(), results));
    try {
      Path written = ResultsFiles.write(record, state.directory, state.runName);
      System.out.print(ConsoleSummary.runTable(results));
      System.out.print(ConsoleSummary.modelTables(results));
      System.out.print(ConsoleSummary.fits(record.fits()));
      System.out.print(ConsoleSummary.saturation(record.saturation()));
      System.out.println("LLMH results: " + written.toAbsolutePath() + (complete ? "" : " (run cut short)")
          + " (and latest.json beside it)");
      ReportWriters.writeAll(record, state.directory, state.runName, System.out);
      System.out.print(ConsoleSummary.undecided(results));
      return TestExecutionResult.successful();
    } catch (IOException e) {
      return TestExecutionResult.failed(
          new IOException("LLMH could not write its results to " + state.directory + ": " + e, e));
    }
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
    if (result.slo() != null && result.slo().sloAttainment() != null) {
      entry.put("llmh.slo.good", result.slo().good() + " of " + result.slo().counted());
      entry.put("llmh.slo.slo_attainment", number(result.slo().sloAttainment()));
      if (result.slo().goodput() != null) {
        entry.put("llmh.slo.goodput", number(result.slo().goodput()));
      }
    }
    for (CaseResult.ConstraintRecord constraint : result.constraints()) {
      entry.put("llmh.constraint." + constraint.expression(), constraint.message());
    }
    if (result.error() != null) {
      entry.put("llmh.error", result.error());
    }
    return entry;
  }

  private static String number(Double value) {
    return value == null ? "null" : String.format(java.util.Locale.ROOT, "%.4g", value);
  }

  /** What ran the harness. The serving machine may differ; the endpoint block says what served. */
  static Map<String, Object> environment() {
    Map<String, Object> environment = new LinkedHashMap<>();
    environment.put("llmhVersion", LlmhVersion.current());
    environment.put("javaVersion", System.getProperty("java.version"));
    environment.put("javaVendor", System.getProperty("java.vendor"));
    environment.put("jvm", System.getProperty("java.vm.name"));
    // The collector and heap shape the harness's own pauses: a record says which ran.
    environment.put("garbageCollectors", ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", ")));
    environment.put("jvmFlags", ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(flag -> flag.startsWith("-X")).collect(Collectors.joining(" "))); // never -D: it may hold a key
    environment.put("osName", System.getProperty("os.name"));
    environment.put("osVersion", System.getProperty("os.version"));
    environment.put("osArch", System.getProperty("os.arch"));
    environment.put("availableProcessors", Runtime.getRuntime().availableProcessors());
    environment.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
    environment.putAll(ClientMachine.facts());
    environment.putAll(GpuInventory.thisMachine());
    return environment;
  }
}
