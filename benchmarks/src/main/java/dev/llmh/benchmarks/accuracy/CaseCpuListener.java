package dev.llmh.benchmarks.accuracy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Sums the harness JVM's CPU time (utime + stime of all its threads, from {@code /proc/self/stat})
 * over the executions of its tests — LLMH cases, run one after another: warm-up, measurement,
 * statistics and results, without JVM start-up and discovery — and writes it, in clock ticks, to
 * {@code file} when the test plan ends. {@code mode=maven} generates the same listener into the
 * user project ({@link dev.llmh.benchmarks.MavenHarness}).
 */
public final class CaseCpuListener implements TestExecutionListener {
  private final Path file;
  private long startedAt;
  private long ticks;

  public CaseCpuListener(Path file) {
    this.file = file;
  }

  @Override
  public void executionStarted(TestIdentifier test) {
    if (test.isTest()) {
      startedAt = now();
    }
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (test.isTest()) {
      ticks += now() - startedAt;
      try {
        Files.writeString(file, Long.toString(ticks));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static long now() {
    try {
      return ProcessCpu.ownTicks();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
