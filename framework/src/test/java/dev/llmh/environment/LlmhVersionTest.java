package dev.llmh.environment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LlmhVersionTest {

  /** Run from target/classes, as in a reactor build: no jar manifest, and still the build's version. */
  @Test
  void theResultsNameTheBuildsVersion() {
    String expected = System.getProperty("llmh.test.projectVersion");
    assertThat(expected).as("set by framework/pom.xml's Surefire configuration").isNotBlank();
    assertThat(dev.llmh.environment.HarnessJvm.facts(LlmhVersion.current())).containsEntry("llmhVersion", expected);
  }
}
