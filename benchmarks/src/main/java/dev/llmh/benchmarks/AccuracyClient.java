package dev.llmh.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.llmh.benchmarks.accuracy.CaseCpuListener;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
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
 * <p>A {@link CaseCpuListener} writes the CPU time of running the cases to {@code <case CPU file>}.
 * Exits with 1 when a test failed.
 *
 * <p>Arguments: {@code <scenario class> <endpoint> <results dir> <case CPU file>}.
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
    LauncherFactory.create().execute(request, summary, new CaseCpuListener(Path.of(args[3])));
    TestExecutionSummary result = summary.getSummary();
    result.printFailuresTo(new PrintWriter(System.err, true), 20);
    System.out.println("done " + result.getTestsSucceededCount() + " " + result.getTestsFailedCount());
    System.out.flush();
    System.exit(result.getTotalFailureCount() == 0 ? 0 : 1);
  }
}
