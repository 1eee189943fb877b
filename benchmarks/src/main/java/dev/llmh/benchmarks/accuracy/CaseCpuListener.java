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
 * {@code file} after each. It depends on nothing but the JDK and the JUnit Platform launcher API,
 * because {@code mode=maven} copies this very source into the generated user project
 * ({@link dev.llmh.benchmarks.MavenHarness}), where Surefire's launcher loads it as a service.
 */
public final class CaseCpuListener implements TestExecutionListener {
  /** The system property naming the file, for the service-loaded instance. */
  public static final String FILE_PROPERTY = "llmh.accuracy.caseCpuFile";

  private final Path file;
  private long startedAt;
  private long ticks;

  public CaseCpuListener(Path file) {
    this.file = file;
  }

  /** Loaded as a service: the file comes from {@link #FILE_PROPERTY}; without it, nothing is written. */
  public CaseCpuListener() {
    this(System.getProperty(FILE_PROPERTY) == null ? null : Path.of(System.getProperty(FILE_PROPERTY)));
  }

  @Override
  public void executionStarted(TestIdentifier test) {
    if (test.isTest()) {
      startedAt = now();
    }
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (test.isTest() && file != null) {
      ticks += now() - startedAt;
      try {
        Files.writeString(file, Long.toString(ticks));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** utime + stime: fields 14 and 15 of proc(5), the 12th and 13th after the name in parentheses. */
  private static long now() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 1).trim().split(" +");
      return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
