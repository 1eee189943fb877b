package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.llmh.engine.LlmhTestEngine;
import dev.llmh.it.fixtures.ColdLoadScenario;
import dev.llmh.it.fixtures.ProtocolScenario;
import dev.llmh.it.fixtures.SweepScenario;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Issue 11, point 2: llmh.select picks cases down to one parameter combination, and never passes silently. */
class SelectionTest {

  private static EngineDiscoveryResults discover(String select) {
    return EngineTestKit.engine(LlmhTestEngine.ENGINE_ID)
        .configurationParameter("llmh.select", select)
        .selectors(selectClass(SweepScenario.class))
        .discover();
  }

  private static List<String> caseNames(EngineDiscoveryResults results) {
    return results.getEngineDescriptor().getDescendants().stream()
        .filter(TestDescriptor::isTest).map(TestDescriptor::getDisplayName).toList();
  }

  @Test
  void oneConcurrencyLevelOfOnePrompt() {
    EngineDiscoveryResults results = discover("SweepScenario#define[concurrency=2]");
    assertThat(results.getDiscoveryIssues()).isEmpty();
    assertThat(caseNames(results)).containsExactlyInAnyOrder("define [concurrency=2, words=3]", "define [concurrency=2, words=30]");
  }

  @Test
  void oneParameterCombinationOfANamedPromptByTheNameTheOutputShows() {
    EngineDiscoveryResults results = discover("dev.llmh.it.fixtures.Sweep*#summary[concurrency=1, words=30]");
    assertThat(results.getDiscoveryIssues()).isEmpty();
    assertThat(caseNames(results)).containsExactly("summary [concurrency=1, words=30]");
  }

  @Test
  void patternsAddUpAndAParamAloneSelectsAcrossPrompts() {
    assertThat(caseNames(discover("SweepScenario[words=3],SweepScenario#summary[words=30,concurrency=2]")))
        .containsExactlyInAnyOrder("define [concurrency=1, words=3]", "define [concurrency=2, words=3]",
            "summary [concurrency=1, words=3]", "summary [concurrency=2, words=3]", "summary [concurrency=2, words=30]");
  }

  @Test
  void aPatternMatchingNoScenarioIsAnErrorListingTheScenariosThatExist() {
    EngineDiscoveryResults results = discover("Typo*");
    assertThat(results.getDiscoveryIssues()).singleElement().satisfies(issue -> {
      assertThat(issue.severity()).isEqualTo(DiscoveryIssue.Severity.ERROR);
      assertThat(issue.message())
          .contains("llmh.select: 'Typo*' matches no case of any LLMH scenario in this build")
          .contains("  " + SweepScenario.class.getName() + ": define [concurrency=1|2, words=3|30], summary [concurrency=1|2, words=3|30]")
          .contains("e.g. -Dllmh.select='SweepScenario#define[concurrency=1]'");
    });
    assertThat(caseNames(results)).isEmpty();
  }

  /**
   * Surefire asks for one class at a time: the error still lists every scenario of the module (its
   * class directory), not only the one asked for, and nothing from another module's jar.
   */
  @Test
  void aPatternMatchingNothingListsEveryScenarioOfTheModuleNotOnlyTheOneDiscovered() {
    EngineDiscoveryResults results = discover("Typo*");
    assertThat(results.getDiscoveryIssues()).singleElement().satisfies(issue -> assertThat(issue.message())
        .contains("  " + ColdLoadScenario.class.getName() + ": cold [concurrency=1]\n")
        .contains("  " + ProtocolScenario.class.getName() + ": ")
        .contains("  " + SweepScenario.class.getName() + ": ")
        .doesNotContain("MissingRunnerDiscoveryTest")); // a fixture of the framework's own tests
  }

  /** A class discovered alone, as Surefire does: a pattern naming another scenario of the module is that one's to judge. */
  @Test
  void aPatternNamingAnotherScenarioOfTheModuleIsNoErrorWhereThatScenarioIsNotAskedFor() {
    EngineDiscoveryResults results = discover("ColdLoadScenario");
    assertThat(results.getDiscoveryIssues()).isEmpty();
    assertThat(caseNames(results)).isEmpty();
    EngineDiscoveryResults typo = discover("ColdLoadScenario#colt");
    assertThat(typo.getDiscoveryIssues()).isEmpty(); // ColdLoadScenario's own discovery reports it:
    EngineDiscoveryResults own = EngineTestKit.engine(LlmhTestEngine.ENGINE_ID)
        .configurationParameter("llmh.select", "ColdLoadScenario#colt")
        .selectors(selectClass(ColdLoadScenario.class))
        .discover();
    assertThat(own.getDiscoveryIssues()).singleElement()
        .satisfies(issue -> assertThat(issue.message()).startsWith("llmh.select: 'ColdLoadScenario#colt' matches no case"));
  }

  @Test
  void aPatternMatchingNoCaseFailsTheRunEvenBesideOneThatMatches(@TempDir Path resultsDir) {
    EngineDiscoveryResults results = discover("SweepScenario#define[concurrency=2],SweepScenario#summary[concurency=1]");
    assertThat(results.getDiscoveryIssues()).singleElement().satisfies(issue -> {
      assertThat(issue.severity()).isEqualTo(DiscoveryIssue.Severity.ERROR);
      assertThat(issue.message()).startsWith("llmh.select: 'SweepScenario#summary[concurency=1]' matches no case");
    });
    // An error at discovery stops the run before any request: the engine fails, no case starts.
    var run = EngineTestKit.engine(LlmhTestEngine.ENGINE_ID)
        .configurationParameter("llmh.select", "SweepScenario#summary[concurency=1]")
        .configurationParameter("llmh.endpoint", "simulated")
        .configurationParameter("llmh.resultsDir", resultsDir.toString())
        .selectors(selectClass(SweepScenario.class))
        .execute();
    run.testEvents().assertStatistics(stats -> stats.started(0));
    assertThat(run.allEvents().executions().failed().list()).singleElement()
        .satisfies(e -> assertThat(e.getTerminationInfo().getExecutionResult().getThrowable().orElseThrow())
            .hasMessageContaining("concurency=1"));
  }

  @Test
  void aMalformedPatternIsAConfigurationError() {
    assertThat(discover("SweepScenario#define[concurrency]").getDiscoveryIssues()).singleElement()
        .satisfies(issue -> assertThat(issue.message())
            .contains("llmh.select (LLMH_SELECT): 'SweepScenario#define[concurrency]': 'concurrency' is not param=value"));
  }
}
