package dev.llmh.engine.discovery;

import dev.llmh.config.Config;
import dev.llmh.plan.CasePlan;
import dev.llmh.select.CasePattern;
import dev.llmh.select.ReactorScenarios;
import dev.llmh.select.Selection;
import dev.llmh.select.Unmatched;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.DiscoveryIssue.Severity;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;

/**
 * Applies {@code llmh.select} to the discovered tree. A pattern that selects no case must not pass
 * silently: it is a discovery error, which fails the run, listing every scenario of the module
 * ({@link ModuleScenarios}) — unless it names another scenario of the module, which its own
 * discovery judges (Surefire discovers one class at a time), or another module of the build
 * declares a scenario it names, whose own run will select it; then a line on the console says so.
 * A module that discovered no scenario at all says nothing: it is not where to judge.
 */
public final class SelectedCases {
  private SelectedCases() {}

  public static void keepOnly(TestDescriptor root, Selection selection, Config config, DiscoveryIssueReporter issues) {
    List<TestDescriptor> scenarios = List.copyOf(root.getChildren());
    if (scenarios.isEmpty()) {
      return;
    }
    Map<String, List<CasePlan>> discovered = new LinkedHashMap<>();
    List<Class<?>> classes = new ArrayList<>();
    List<CasePattern> unmatched = new ArrayList<>(selection.patterns());
    for (TestDescriptor scenario : scenarios) {
      discovered.put(((ScenarioDescriptor) scenario).scenarioClassName(), ((ScenarioDescriptor) scenario).plans());
      scenario.getSource().filter(ClassSource.class::isInstance).map(s -> ((ClassSource) s).getJavaClass()).ifPresent(classes::add);
      for (TestDescriptor child : List.copyOf(scenario.getChildren())) {
        CasePlan plan = ((CaseDescriptor) child).plan();
        unmatched.removeIf(pattern -> pattern.matches(plan));
        if (!selection.selects(plan)) {
          child.removeFromHierarchy();
        }
      }
      if (scenario.getChildren().isEmpty()) {
        scenario.removeFromHierarchy();
      }
    }
    List<Class<?>> module = ModuleScenarios.around(classes);
    unmatched.removeIf(pattern -> module.stream()
        .anyMatch(c -> !discovered.containsKey(c.getName()) && pattern.matchesScenario(c.getName())));
    if (unmatched.isEmpty()) {
      return;
    }
    // The scenarios asked for first: the message's example names one of them.
    Map<String, List<CasePlan>> local = new LinkedHashMap<>(discovered);
    for (Class<?> scenario : module) {
      local.computeIfAbsent(scenario.getName(), name -> ModuleScenarios.plans(scenario, config));
    }
    Unmatched report = Unmatched.of(unmatched, local, ReactorScenarios.around(moduleDirectory()));
    if (report.nowhere().isEmpty()) {
      // One line where the run's output goes. As a discovery issue it would be a launcher log entry:
      // at INFO, Surefire's console did not show it; at WARNING, several lines, logged again at
      // execution, in every module the selection does not concern.
      System.out.println("LLMH " + report.message());
    } else {
      issues.reportIssue(DiscoveryIssue.create(Severity.ERROR, report.message()));
    }
  }

  /** Surefire sets {@code basedir} to the module's directory in the JVM it forks; elsewhere the working directory stands in. */
  private static Path moduleDirectory() {
    return Path.of(System.getProperty("basedir", System.getProperty("user.dir")));
  }
}
