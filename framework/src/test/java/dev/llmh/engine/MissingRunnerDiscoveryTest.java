package dev.llmh.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.Prompt;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** The framework's own tests are compiled without the processor, so this scenario has no runner. */
class MissingRunnerDiscoveryTest {

  @LlmBenchmark
  static class ScenarioWithoutRunner {
    @Prompt String hello = "Hello";
  }

  @Test
  void aScenarioWithoutGeneratedRunnerIsAClearDiscoveryError() {
    EngineDiscoveryResults results =
        EngineTestKit.engine(LlmhTestEngine.ENGINE_ID).selectors(selectClass(ScenarioWithoutRunner.class)).discover();
    assertThat(results.getEngineDescriptor().getChildren()).isEmpty();
    assertThat(results.getDiscoveryIssues())
        .singleElement()
        .satisfies(
            issue -> {
              assertThat(issue.severity()).isEqualTo(DiscoveryIssue.Severity.ERROR);
              assertThat(issue.message())
                  .contains(ScenarioWithoutRunner.class.getName())
                  .contains("annotationProcessorPaths")
                  .contains("llmh-annotations-processor");
            });
  }

  @Test
  void aBadConfigurationValueIsADiscoveryErrorBeforeAnyRequest() {
    EngineDiscoveryResults results =
        EngineTestKit.engine(LlmhTestEngine.ENGINE_ID)
            .configurationParameter("llmh.timeout.read", "forever")
            .selectors(selectClass(ScenarioWithoutRunner.class))
            .discover();
    assertThat(results.getDiscoveryIssues())
        .anySatisfy(issue -> assertThat(issue.message()).contains("llmh.timeout.read").contains("not a duration"));
  }
}
