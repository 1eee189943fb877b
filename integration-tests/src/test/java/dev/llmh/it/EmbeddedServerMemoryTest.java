package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.EmbeddedScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, point 7: the embedded server's peak RSS holds the model it serves. The same server with
 * {@code small} (69 MB of f16 weights, every one read for every token) rather than {@code tiny} holds
 * at least the difference between the two files more: the weights are memory-mapped, so RSS shows
 * them once they have been read.
 */
class EmbeddedServerMemoryTest {

  @Test
  void theSmallModelsServerHoldsItsWeightsAboveTheTinyOnes(@TempDir Path results) {
    CaseResult tiny = run("tiny", results.resolve("tiny"), results.resolve("models"));
    CaseResult small = run("small", results.resolve("small"), results.resolve("models"));
    long tinyFile = modelBytes(tiny);
    long smallFile = modelBytes(small);
    long tinyPeak = tiny.section(Section.RESOURCES).peakRssBytes();
    long smallPeak = small.section(Section.RESOURCES).peakRssBytes();
    System.out.printf("embedded server peak RSS: tiny %d MiB (file %d MiB), small %d MiB (file %d MiB)%n",
        tinyPeak >> 20, tinyFile >> 20, smallPeak >> 20, smallFile >> 20);
    assertThat(smallPeak).isGreaterThan(smallFile);
    assertThat(smallPeak - tinyPeak).isGreaterThan((long) (0.9 * (smallFile - tinyFile)));
  }

  private static CaseResult run(String model, Path results, Path models) {
    EngineRun run = EngineRun.of(
        Map.of("llmh.endpoint", "embedded", "llmh.embedded.model", model, "llmh.embedded.modelsDir", models.toString(),
            "llmh.select", "EmbeddedScenario#question[concurrency=1]"),
        results, EmbeddedScenario.class);
    run.results().testEvents().assertStatistics(stats -> stats.succeeded(1));
    CaseResult result = run.caseNamed("question[concurrency=1]");
    assertThat(result.section(Section.RESOURCES).notMeasured()).isNull();
    return result;
  }

  private static long modelBytes(CaseResult result) {
    return ((Number) result.endpoint().server().get("modelBytes")).longValue();
  }
}
