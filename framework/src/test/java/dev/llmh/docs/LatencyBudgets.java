// docs/guide/writing-scenarios.md, "Assertions in code", verbatim from the imports on; DocSnippetsTest
// holds the guide to it. Not named *Test: Surefire does not run it in this build, which has no results
// file at target/llmh/latest.json (a user project set up as the README says runs every class).
package dev.llmh.docs;

import static dev.llmh.assertions.LlmhAssertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LatencyBudgets {
  @Test
  void summariseAnswersWithinTwoSeconds() {
    assertThat(Path.of("target/llmh/latest.json"))
        .hasCase("summarise[concurrency=4]")      // case id, or a case name that is unique
        .ttft().p95().isLessThan(Duration.ofSeconds(2));
  }
}
