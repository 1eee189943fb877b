package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.ClassNameFilter.STANDARD_INCLUDE_PATTERN;
import static org.junit.platform.engine.discovery.ClassNameFilter.excludeClassNamePatterns;
import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import dev.llmh.engine.LlmhTestEngine;
import dev.llmh.it.fixtures.SweepScenario;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.Filter;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * What the console launcher sends (junit-platform-console-standalone): unless given
 * {@code --include-classname}, a class-name filter of the Test-naming convention, which no scenario
 * name follows. Scenarios are found all the same; filters the user writes still apply.
 */
class ConsoleLauncherDiscoveryTest {
  private static final String SWEEP = SweepScenario.class.getName();

  private static List<TestIdentifier> tests(DiscoverySelector selector, Filter<?>... filters) {
    TestPlan plan = LauncherFactory.create().discover(LauncherDiscoveryRequestBuilder.request()
        .selectors(selector)
        .filters(filters)
        .filters(EngineFilter.includeEngines(LlmhTestEngine.ENGINE_ID))
        .build());
    return plan.getRoots().stream().flatMap(root -> plan.getDescendants(root).stream()).filter(TestIdentifier::isTest).toList();
  }

  private static DiscoverySelector fixturesRoot() {
    try {
      return selectClasspathRoots(Set.of(Path.of(SweepScenario.class.getProtectionDomain().getCodeSource().getLocation().toURI())))
          .get(0);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static long casesOfSweep(List<TestIdentifier> tests) {
    return tests.stream().filter(t -> t.getUniqueId().contains("[scenario:" + SWEEP + "]")).count();
  }

  @Test
  void scanClassPathFindsScenariosUnderTheDefaultNamingConvention() {
    assertThat(casesOfSweep(tests(fixturesRoot(), includeClassNamePatterns(STANDARD_INCLUDE_PATTERN)))).isEqualTo(8);
  }

  @Test
  void aUniqueIdFindsItsCaseUnderTheDefaultNamingConvention() {
    // As a report prints it, brackets encoded: the form --select-unique-id takes.
    String caseId = "[engine:llmh]/[scenario:" + SWEEP + "]/[case:summary%5Bconcurrency=2,words=30%5D]";
    assertThat(tests(selectUniqueId(caseId), includeClassNamePatterns(STANDARD_INCLUDE_PATTERN)))
        .singleElement().satisfies(t -> assertThat(t.getDisplayName()).isEqualTo("summary [concurrency=2, words=30]"));
  }

  @Test
  void selectMethodFindsANamedPromptByTheNameTheOutputShows() {
    // --select-method adds the class to the include patterns, as the console launcher does.
    assertThat(tests(selectMethod(SWEEP + "#summary"), includeClassNamePatterns(STANDARD_INCLUDE_PATTERN, SWEEP.replace(".", "\\."))))
        .hasSize(4).allSatisfy(t -> assertThat(t.getDisplayName()).startsWith("summary ["));
  }

  @Test
  void classNameFiltersTheUserWritesStillApply() {
    assertThat(tests(fixturesRoot(), includeClassNamePatterns(".*\\.Sweep.*")))
        .hasSize(8).allSatisfy(t -> assertThat(t.getUniqueId()).contains(SWEEP));
    List<TestIdentifier> allButSweep = tests(fixturesRoot(), includeClassNamePatterns(STANDARD_INCLUDE_PATTERN),
        excludeClassNamePatterns(".*\\.Sweep.*"));
    assertThat(casesOfSweep(allButSweep)).isZero();
    assertThat(allButSweep).isNotEmpty();
  }
}
