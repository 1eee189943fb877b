package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.constraint.Metric;
import dev.llmh.it.fixtures.LaunchedServerScenario;
import dev.llmh.launch.ServerProcessRecord;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.servermetrics.ServerMetricsRecord;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, point 4: deployments as parameters. LLMH starts the simulator in a process of its own
 * for each {@code @Param} value its command names, on a free port, waits for it, measures it
 * (sampling the process, reading its {@code /metrics}), stops it and goes on; a server that does not
 * start, or dies mid-case, makes its case ERROR with its log's last lines, and the run goes on.
 */
class ServerProcessGroundTruthTest {
  /** The simulator's own JVM, from the classes this one loaded it from. */
  private static String simulator(String options) throws Exception {
    Set<String> classpath = new LinkedHashSet<>();
    for (Class<?> type : List.of(dev.llmh.sim.SimulatorMain.class, dev.llmh.front.HttpFront.class,
        dev.llmh.endpoint.spi.LocalServers.class, dev.llmh.config.Defaults.class, com.fasterxml.jackson.databind.ObjectMapper.class,
        com.fasterxml.jackson.core.JsonFactory.class, com.fasterxml.jackson.annotation.JsonProperty.class)) {
      classpath.add(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
    }
    return Path.of(System.getProperty("java.home"), "bin", "java") + " -Xmx128m -XX:TieredStopAtLevel=1 -cp "
        + String.join(File.pathSeparator, classpath) + " dev.llmh.sim.SimulatorMain --port {port} --slots {slots} --metrics " + options;
  }

  private static EngineRun run(String command, Path results) {
    return EngineRun.watched(Map.of("llmh.server.command", command, "llmh.server.metrics.interval", "50ms"), results,
        LaunchedServerScenario.class);
  }

  @Test
  void eachConfigurationGetsItsOwnServerMeasuredAndSampled(@TempDir Path results) throws Exception {
    EngineRun run = run(simulator("--decode 100"), results); // 160 ms a request: a dozen looks while two run
    run.console().lines().filter(l -> l.contains("server process") || l.contains("server ready")).forEach(System.out::println);
    List<CaseResult> cases = run.record().results();
    assertThat(cases).extracting(CaseResult::caseId).containsExactly("ask[concurrency=2,slots=1]", "ask[concurrency=2,slots=2]");
    assertThat(cases).extracting(CaseResult::verdict).containsExactly("PASS", "PASS");
    ServerProcessRecord one = cases.get(0).section(ServerProcessRecord.SECTION);
    ServerProcessRecord two = cases.get(1).section(ServerProcessRecord.SECTION);
    assertThat(one.pid()).isNotEqualTo(two.pid());
    assertThat(one.command()).contains(" --slots 1 --metrics").doesNotContain("{");
    assertThat(two.command()).contains(" --slots 2 --metrics");
    assertThat(one.startedFor()).isEqualTo(cases.get(0).caseId());
    assertThat(one.startupMs()).isPositive();
    assertThat(one.firstRequestTtftMs()).isPositive();
    assertThat(one.url()).startsWith("http://127.0.0.1:").endsWith("/v1");
    assertThat(Files.readString(Path.of(one.log()))).startsWith("$ " + one.command()).contains("with 1 slots");
    // the server each case measured is the one its slots asked for: two workers, and one or two running at once
    assertThat(cases.get(0).section(ServerMetricsRecord.SECTION).figure(Metric.SERVER_REQUESTS_RUNNING, "max")).isEqualTo(1.0);
    assertThat(cases.get(0).section(ServerMetricsRecord.SECTION).figure(Metric.SERVER_REQUESTS_WAITING, "max")).isEqualTo(1.0);
    assertThat(cases.get(1).section(ServerMetricsRecord.SECTION).figure(Metric.SERVER_REQUESTS_RUNNING, "max")).isEqualTo(2.0);
    // its process was sampled as the server's, and both are gone
    Resources sampled = cases.get(0).section(Section.RESOURCES);
    assertThat(sampled.notMeasured()).isNull();
    assertThat(sampled.source()).contains("pid " + one.pid());
    assertThat(sampled.peakRssBytes()).isGreaterThan(10L << 20);
    assertThat(ProcessHandle.of(one.pid()).filter(ProcessHandle::isAlive)).isEmpty();
    assertThat(ProcessHandle.of(two.pid()).filter(ProcessHandle::isAlive)).isEmpty();
    assertThat(run.console()).contains("server process started for this case in ");
    // the run's environment does not ask the servers it stopped, and says so rather than "never opened"
    assertThat(run.record().environment().get("notMeasured")).asString().contains("those LLMH started (@Server) are not asked")
        .doesNotContain("{port}");
  }

  @Test
  void aServerThatDoesNotStartIsAnErrorWithItsLogAndTheRunGoesOn(@TempDir Path results) throws Exception {
    String command = "if [ {slots} = 1 ]; then echo 'no model for {slots} slot' >&2; exit 3; fi; " + simulator("");
    List<CaseResult> cases = run(command, results).record().results();
    assertThat(cases).extracting(CaseResult::verdict).containsExactly("ERROR", "PASS");
    assertThat(cases.get(0).verdictReasons()).singleElement().asString()
        .startsWith("the server exited with code 3 before http://127.0.0.1:").contains("/v1/models answered")
        .contains("ends:\n    $ if [ 1 = 1 ]").endsWith("no model for 1 slot");
  }

  @Test
  void aServerThatDiesMidCaseMakesItAnErrorAndTheNextConfigurationStartsItsOwn(@TempDir Path results) throws Exception {
    List<CaseResult> cases = run(simulator("--exit-after 4"), results).record().results();
    assertThat(cases).extracting(CaseResult::verdict).containsExactly("ERROR", "ERROR");
    for (CaseResult died : cases) {
      ServerProcessRecord server = died.section(ServerProcessRecord.SECTION);
      assertThat(server.exited()).startsWith("the server (pid " + server.pid() + ") exited").endsWith("as --exit-after asked");
      assertThat(died.verdictReasons().get(0)).isEqualTo(server.exited());
      assertThat(died.requests().failed()).isPositive();
    }
    assertThat(cases.get(0).section(ServerProcessRecord.SECTION).pid()).isNotEqualTo(cases.get(1).section(ServerProcessRecord.SECTION).pid());
  }
}
