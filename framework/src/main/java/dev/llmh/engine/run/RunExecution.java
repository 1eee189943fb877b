package dev.llmh.engine.run;

import dev.llmh.baseline.BaselineConsole;
import dev.llmh.baseline.Baselines;
import dev.llmh.config.ConfigKey;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.engine.cases.CaseExecutor;
import dev.llmh.engine.cases.CaseFeatures;
import dev.llmh.engine.discovery.CaseDescriptor;
import dev.llmh.engine.discovery.LlmhEngineDescriptor;
import dev.llmh.environment.HarnessJvm;
import dev.llmh.environment.LlmhVersion;
import dev.llmh.environment.RunEnvironment;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.RunServices;
import dev.llmh.plan.CasePlan;
import dev.llmh.progress.Progress;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunJournal;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;

/**
 * One run: its journal opened before the first request, every scenario's cases run ({@link CaseLoop})
 * against endpoints opened once, then the record written ({@link RunFinisher}) — also, marked
 * incomplete, from what finished when the JVM is stopped — and the baseline saved.
 */
public final class RunExecution {
  /** Journal lines built before the first case: enough for C2 to compile the per-request bookkeeping. */
  static final int BOOKKEEPING_WARMUP_LINES = 5_000;

  private final ExecutionRequest request;
  private final LlmhEngineDescriptor root;
  private final EngineExecutionListener listener;

  public RunExecution(ExecutionRequest request) {
    this.request = request;
    this.root = (LlmhEngineDescriptor) request.getRootTestDescriptor();
    this.listener = request.getEngineExecutionListener();
  }

  /** The run's own result: its record written (and its baseline saved), or why not. */
  public TestExecutionResult run() {
    warnOfAKeyInASystemProperty();
    Instant startedAt = Instant.now();
    RunEnvironment runEnvironment = RunEnvironment.begin();
    Progress progress = Progress.start(root.config().output().progress());
    RunState state;
    try {
      state = startRun(root.config().output().resultsDir(), startedAt, progress);
      if (root.config().requests().clientWarmup() > 0) {
        RunState.warmUpBookkeeping(BOOKKEEPING_WARMUP_LINES);
      }
    } catch (IOException e) {
      // Nothing was sent: better no run than a run whose every sample is lost.
      String reason = "LLMH cannot write its record to " + root.config().output().resultsDir().toAbsolutePath() + " (" + e
          + "); set llmh.resultsDir to a writable directory";
      root.getChildren().forEach(scenario -> listener.executionSkipped(scenario, reason));
      return TestExecutionResult.failed(new IOException(reason, e));
    }
    // On SIGINT/SIGTERM the record is still written, from what finished, marked incomplete.
    Thread hook = new Thread(() -> RunFinisher.writeRecord(state, false, runEnvironment), "llmh-shutdown-record");
    Runtime.getRuntime().addShutdownHook(hook);
    Baselines baselines = Baselines.read(key -> request.getConfigurationParameters().get(key), System.getenv(),
        HarnessJvm.facts(LlmhVersion.current()));
    boolean complete;
    try (progress; Endpoints endpoints = new Endpoints(root.config(), progress::phase)) {
      RunServices services = new RunServices(root.config(), endpoints);
      List<CaseFeature> features = CaseFeatures.open(services);
      RunFeatures runFeatures = RunFeatures.open(services);
      state.features(features, runFeatures);
      CaseLoop cases = new CaseLoop(state, listener, new CaseExecutor(endpoints, state, baselines, features), runFeatures);
      for (TestDescriptor scenario : root.getChildren()) {
        cases.scenario(scenario);
      }
      complete = cases.complete();
      runFeatures.finish(state.directory, state.runName);
      if (complete) {
        runEnvironment.describeServers(endpoints, state.plans(), LlmhVersion.current()); // after the last case: never timed
      }
    }
    TestExecutionResult written = RunFinisher.writeRecord(state, complete, runEnvironment);
    if (complete && written.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
      written = BaselineConsole.save(baselines);
    }
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down: the hook finds the record written and does nothing
    }
    return written;
  }

  private static void warnOfAKeyInASystemProperty() {
    if (System.getProperty(ConfigKey.API_KEY.key()) != null) {
      System.err.println("LLMH warning: the API key was given as the system property llmh.apiKey, which Surefire copies"
          + " into target/surefire-reports/TEST-*.xml; give it as the environment variable LLMH_API_KEY or in a file"
          + " named by llmh.apiKeyFile instead");
    }
  }

  private RunState startRun(Path directory, Instant startedAt, Progress progress) throws IOException {
    ResultsFiles.checkWritable(directory);
    String runName = ResultsFiles.runName(directory, startedAt);
    List<CasePlan> plans = new ArrayList<>();
    root.getChildren().forEach(scenario -> scenario.getChildren().forEach(c -> plans.add(((CaseDescriptor) c).plan())));
    return new RunState(directory, startedAt, runName, RunJournal.open(directory, runName), plans, progress);
  }
}
