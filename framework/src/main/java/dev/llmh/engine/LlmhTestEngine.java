package dev.llmh.engine;

import dev.llmh.baseline.Baselines;
import dev.llmh.config.Config;
import dev.llmh.config.ConfigException;
import dev.llmh.engine.discovery.LlmhEngineDescriptor;
import dev.llmh.engine.discovery.ScenarioDiscoveryRequest;
import dev.llmh.engine.discovery.ScenarioSelectorResolver;
import dev.llmh.engine.discovery.SelectedCases;
import dev.llmh.engine.run.RunExecution;
import dev.llmh.environment.HarnessJvm;
import dev.llmh.environment.LlmhVersion;
import dev.llmh.result.ResultsFiles;
import dev.llmh.select.Selection;
import java.io.IOException;
import java.util.Optional;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;
import org.junit.platform.engine.support.discovery.EngineDiscoveryRequestResolver;

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
      Baselines.read(key -> request.getConfigurationParameters().get(key), System.getenv(),
          HarnessJvm.facts(LlmhVersion.current()));
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
        ResultsFiles.checkWritable(config.output().resultsDir());
      } catch (IOException | RuntimeException e) {
        issues.reportIssue(DiscoveryIssue.create(DiscoveryIssue.Severity.ERROR,
            "LLMH configuration: llmh.resultsDir = '" + config.output().resultsDir() + "' cannot be written (" + e
                + "); set llmh.resultsDir (LLMH_RESULTS_DIR) to a writable directory"));
        return new LlmhEngineDescriptor(uniqueId, null);
      }
    }
    return root;
  }

  @Override
  public void execute(ExecutionRequest request) {
    TestDescriptor root = request.getRootTestDescriptor();
    request.getEngineExecutionListener().executionStarted(root);
    request.getEngineExecutionListener().executionFinished(root,
        root.getChildren().isEmpty() ? TestExecutionResult.successful() : new RunExecution(request).run());
  }
}
