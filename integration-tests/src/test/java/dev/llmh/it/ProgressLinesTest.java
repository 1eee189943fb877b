package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.ProgressScenario;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, point 1: a running case says how far it is. Under Surefire the output is no terminal,
 * so what shows is the log mode: whole lines, at most one per {@code llmh.progress.interval}
 * (shortened here from 10 s so that a one-second case shows some).
 */
class ProgressLinesTest {

  /** A progress line of the fixture's one case: in warm-up, or measuring. */
  private static boolean progressLine(String line) {
    return line.matches("LLMH (warm-up \\d/2, (<1|\\d+)s elapsed|\\d/5 requests, (<1|\\d+)s elapsed, (~\\d+s|<1s|\\?) left,"
        + " ttft p50 ([\\d.]+ ms|–), 0 failed) \\(ProgressScenario › question \\[concurrency=1\\]\\)");
  }

  @Test
  void aRunningCasePrintsProgressLinesInALog(@TempDir Path results) {
    List<String> lines = consoleOf(Map.of("llmh.endpoint", "simulated", "llmh.progress.interval", "100ms"), results);
    assertThat(lines).anyMatch(ProgressLinesTest::progressLine);
    assertThat(lines).filteredOn(line -> line.contains(" elapsed")).allMatch(ProgressLinesTest::progressLine);
    // The progress comes before the case's block, not in the middle of it.
    int lastProgress = lines.stream().filter(ProgressLinesTest::progressLine).mapToInt(lines::lastIndexOf).max().orElseThrow();
    assertThat(lines.indexOf("LLMH ProgressScenario › question [concurrency=1]")).isGreaterThan(lastProgress);
  }

  @Test
  void progressOffPrintsNoProgress(@TempDir Path results) {
    List<String> lines = consoleOf(
        Map.of("llmh.endpoint", "simulated", "llmh.progress.interval", "100ms", "llmh.progress", "false"), results);
    assertThat(lines).contains("LLMH ProgressScenario › question [concurrency=1]").noneMatch(line -> line.contains(" elapsed"));
  }

  /** The lines the run printed on standard output. */
  private static List<String> consoleOf(Map<String, String> configuration, Path results) {
    EngineRun run = EngineRun.watched(configuration, results, ProgressScenario.class);
    run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(0));
    return run.console().lines().toList();
  }
}
