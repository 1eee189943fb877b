package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.SweepScenario;
import dev.llmh.it.fixtures.WideScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a run leaves behind: every request, what served it, and never the API key. */
class ResultsRecordTest {

  @Test
  void everyMeasuredRequestIsRecordedWithWhatServedIt(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withSlots(2).withDecodeTokensPerSecond(500))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, SweepScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(8).succeeded(8));

      RunRecord record = run.record();
      assertThat(record.schemaVersion()).isEqualTo(1);
      assertThat(record.run().complete()).isTrue();
      assertThat(record.statistics().percentileMethod()).contains("type 7");
      assertThat(record.environment()).containsKeys("javaVersion", "osName", "availableProcessors", "maxHeapBytes", "gpus");
      // Issue 14: this machine's GPUs, or an empty list and why.
      if (((java.util.List<?>) record.environment().get("gpus")).isEmpty()) {
        assertThat(record.environment().get("gpusNotMeasured")).asString().isNotBlank();
      }
      // The collector that ran is named, as the JVM names it.
      assertThat((String) record.environment().get("garbageCollectors"))
          .contains(java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().get(0).getName());
      assertThat(record.results()).hasSize(8);
      for (CaseResult result : record.results()) {
        assertThat(result.scenario()).isEqualTo(SweepScenario.class.getName());
        assertThat(result.requests().succeeded() + result.requests().failed()).isEqualTo(result.requests().measured());
        assertThat(result.samples()).hasSize(result.requests().measured());
        assertThat(result.endpoint().url()).isEqualTo(server.baseUrl());
        assertThat(result.endpoint().embedded()).isFalse();
        assertThat(result.endpoint().kind()).isEqualTo("remote");
        assertThat(result.endpoint().requestedModel()).isEqualTo("qwen2.5:14b-instruct");
        assertThat(result.endpoint().servedModel()).isEqualTo("llmh-sim");
        assertThat(result.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).contains("answered as 'llmh-sim'"));
        assertThat(result.section(Section.PROMPT_CACHE)).isEqualTo("unique-prefix");
        assertThat(result.params()).containsKeys("concurrency", "words");
        // The harness's own cost: the measuring threads did work for every chunk they read.
        assertThat(result.section(Section.HARNESS).cpuUsPerChunk()).isPositive().isFinite();
        assertThat(result.section(Section.HARNESS).maxStallMs()).isNotNegative();
        assertThat(result.section(Section.HARNESS).stallResolutionMs()).isEqualTo(1.0);
        // Issue 14: a server someone else runs has no process here; said so, never zeros.
        assertThat(result.section(Section.RESOURCES).notMeasured()).isEqualTo("remote endpoint: no process to sample");
        assertThat(result.section(Section.RESOURCES).peakRssBytes()).isNull();
        assertThat(result.section(Section.RESOURCES).warmup().notMeasured()).isEqualTo("remote endpoint: no process to sample");
        assertThat(result.section(Section.RESOURCES).gpu().notMeasured()).isEqualTo("remote endpoint: its GPUs are not on this machine");
        assertThat(result.section(Section.RESOURCES).warmup().gpu().notMeasured()).isEqualTo("remote endpoint: its GPUs are not on this machine");
        assertThat(result.section(Section.RESOURCES).warmup().energy()).isNull();
        if (System.getenv("LLMH_POWER_WATTS") == null) {
          assertThat(result.section(Section.RESOURCES).energy().joules()).isNull();
          assertThat(result.section(Section.RESOURCES).energy().notMeasured()).isEqualTo("nvidia-smi: remote endpoint: its GPUs are not on this machine;"
              + " RAPL: remote endpoint: its CPUs are not on this machine; llmh.power.watts: not declared");
        }
      }
      assertThat(run.caseNamed("summary[concurrency=2,words=30]").samples()).allSatisfy(s -> assertThat(s.promptTokens()).isGreaterThan(30));
      // Each case's figures are a JUnit report entry on its test, as IDEs and Surefire show them.
      var entries = run.results().testEvents().reportingEntryPublished().stream()
          .map(e -> e.getRequiredPayload(org.junit.platform.engine.reporting.ReportEntry.class).getKeyValuePairs()).toList();
      assertThat(entries).hasSize(8).allSatisfy(entry -> {
        assertThat(entry).containsKeys("llmh.requests", "llmh.ttft_ms.p50", "llmh.ttft_ms.p95", "llmh.tpot_ms.p50",
            "llmh.e2e_ms.p95", "llmh.throughput.output_tokens_per_s");
        assertThat(entry.get("llmh.requests")).startsWith("4 measured (4 ok, 0 failed) after ");
        assertThat(entry).containsEntry("llmh.requests.failed", "0.000");
        assertThat(Double.parseDouble(entry.get("llmh.ttft_ms.p50"))).isPositive();
      });
      // Every request's prompt was made unique, so no two requests could share a prefix-cache entry.
      assertThat(server.servedRequests()).hasSize(8 * 4);
      try (Stream<Path> files = Files.list(results)) {
        assertThat(files.map(p -> p.getFileName().toString()))
            .contains("latest.json")
            .anySatisfy(name -> assertThat(name).matches("run-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ(-\\d+)?\\.json"));
      }
    }
  }

  @Test
  void aLocalServerNamedByPidHasItsProcessSampled(@TempDir Path results) throws Exception {
    // The simulator serves from this JVM: this JVM is the server's process, as an Ollama's would be.
    long pid = ProcessHandle.current().pid();
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(2, 100, 50))) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.model", "any", "llmh.server.pid", String.valueOf(pid),
          "llmh.resources.interval", "50ms", "llmh.power.watts", "90W"), results, WideScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.succeeded(1));
      var resources = run.record().results().get(0).section(Section.RESOURCES);
      assertThat(resources.source()).isEqualTo("pid " + pid + " and its children");
      assertThat(resources.notMeasured()).isNull();
      assertThat(resources.intervalMs()).isEqualTo(50);
      assertThat(resources.samples()).isGreaterThan(1).isEqualTo(resources.series().size());
      // A JVM's resident set: the server's process, not a stand-in.
      assertThat(resources.peakRssBytes()).isGreaterThan(32L << 20);
      assertThat(resources.warmup().notMeasured()).isNull();
      // A server on this machine: its GPUs by nvidia-smi (none on a machine without it, and why) and
      // its energy from them, RAPL, or the declared 90 W, never a declared figure called measured.
      assertThat(resources.gpu().source()).isEqualTo("nvidia-smi");
      assertThat(resources.gpu().intervalMs()).isEqualTo(50);
      assertThat(resources.warmup().gpu()).isNotNull();
      var energy = resources.energy();
      assertThat(energy.energySource()).isIn("nvidia-smi", "rapl", "declared");
      assertThat(energy.windowMs()).isPositive();
      if (energy.energySource().equals("declared")) {
        assertThat(energy.meanWatts()).isEqualTo(90.0);
        assertThat(energy.joules()).isCloseTo(90.0 * energy.windowMs() / 1000, org.assertj.core.api.Assertions.within(0.05));
      }
    }
  }

  @Test
  void concurrencyAboveAPerHostConnectionLimitIsNotHeldBack(@TempDir Path results) throws Exception {
    // Eight slots, 100 ms to the first token: a request the client held back until another ended would
    // reach the server a whole request (>= 100 ms) after the client started timing it.
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(8, 100, 50))) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.model", "any"), results, WideScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.succeeded(1));
      CaseResult wide = run.record().results().get(0);
      List<ServedRequest> served = server.awaitServedRequests(16, Duration.ofSeconds(10));
      // Nobody waited for a slot (that would cost a whole request); scheduling jitter is not queueing.
      GroundTruth.assertNoneWaitedForASlot(served);
      // Nor in the client: what it added to each request's TTFT (opening a connection, scheduling) stays
      // below half the shortest request the server served, the least a held-back request would wait.
      double shortest = served.stream().mapToDouble(r -> GroundTruth.ms(r.times().finishedNanos() - r.times().arrivalNanos()))
          .min().orElseThrow();
      Offsets added = GroundTruth.offsets(wide, CaseResult.TTFT, GroundTruth.pairs(wide, served), s -> s.times().ttftMs(),
          r -> GroundTruth.ms(r.times().contentChunkNanos().get(0) - r.times().arrivalNanos()));
      System.out.printf("%s; shortest request %.3f ms%n", added, shortest);
      assertThat(added.max()).as("%s", added).isLessThan(shortest / 2);
    }
  }

  @Test
  void theApiKeyIsSentToTheEndpointButNeverRecordedOrPrinted(@TempDir Path results) {
    String key = "sk-test-9f8e7d6c5b4a";
    PrintStream originalOut = System.out;
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withRequiredApiKey(key).withDecodeTokensPerSecond(500))) {
      System.setOut(new PrintStream(console, true));
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.apiKey", key, "llmh.model", "any"), results, WideScenario.class);
      System.setOut(originalOut);
      run.results().testEvents().assertStatistics(stats -> stats.succeeded(1));
      assertThat(run.record().results().get(0).requests().succeeded()).isEqualTo(16);
      assertThat(run.recordText()).doesNotContain(key);
      assertThat(console.toString()).contains("LLMH").doesNotContain(key);
    } finally {
      System.setOut(originalOut);
    }
  }

  @Test
  void aRefusedKeyFailsTheCaseBeforeAnyRequestAndTheCaseIsStillRecorded(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withRequiredApiKey("right"))) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.apiKey", "wrong"), results, WideScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.failed(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.section(Section.ERROR)).contains("HTTP 401").contains("llmh.apiKey");
      assertThat(server.servedRequests()).isEmpty();
    }
  }

  @Test
  void anUnreachableEndpointFailsWithItsAddress(@TempDir Path results) throws Exception {
    int port;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    EngineRun run = EngineRun.of("http://127.0.0.1:" + port + "/v1", results, WideScenario.class);
    run.results().testEvents().assertStatistics(stats -> stats.failed(1));
    assertThat(run.record().results().get(0).section(Section.ERROR)).contains("cannot reach the endpoint http://127.0.0.1:" + port);
  }
}
