package dev.llmh.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.llmh.benchmarks.accuracy.ProcessCpu;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The harness process of the accuracy benchmark: runs one scenario class through the JUnit Platform
 * Launcher and the LLMH engine found on the class path, as an IDE or a build tool's test runner does
 * (no LLMH internals called), with {@code llmh.endpoint} and {@code llmh.resultsDir} as
 * configuration parameters.
 *
 * <p>Also reads this process's CPU time from {@code /proc/self/stat} when each test (case) starts
 * and finishes, and prints the sum as {@code case-cpu-seconds}: the CPU of running the cases,
 * warm-up included, without JVM start-up and discovery. Exits with 1 when a test failed.
 *
 * <p>Arguments: {@code <scenario class> <endpoint> <results dir>}.
 */
public final class AccuracyClient {
  private AccuracyClient() {}

  public static void main(String[] args) {
    String scenario = args[0];
    String endpoint = args[1];
    Path resultsDir = Path.of(args[2]);
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(scenario))
        .configurationParameters(Map.of("llmh.endpoint", endpoint, "llmh.resultsDir", resultsDir.toString()))
        .build();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    CaseCpu caseCpu = new CaseCpu();
    LauncherFactory.create().execute(request, summary, caseCpu);
    TestExecutionSummary result = summary.getSummary();
    result.printFailuresTo(new PrintWriter(System.err, true), 20);
    System.out.printf(Locale.ROOT, "case-cpu-seconds %.3f%n", caseCpu.ticks / (double) ProcessCpu.ticksPerSecond());
    System.out.println("done " + result.getTestsSucceededCount() + " " + result.getTestsFailedCount());
    System.out.flush();
    System.exit(result.getTotalFailureCount() == 0 ? 0 : 1);
  }

  /** Sums this process's CPU ticks over the tests' executions (cases run one after another). */
  private static final class CaseCpu implements TestExecutionListener {
    private long startedAt;
    private long ticks;

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
}
