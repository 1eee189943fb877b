package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.ColdLoadScenario;
import dev.llmh.it.fixtures.ProtocolScenario;
import dev.llmh.it.fixtures.TokenAccountingScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.SampleRecord;
import dev.llmh.result.MetricSummary;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every protocol against the simulator's own send timestamps: the truth of each measured request is
 * what the server recorded (first chunk − arrival, first answer chunk − arrival, chunk gaps), and
 * the harness's medians must be within max(5%, 2 ms) of the truth's medians, alone and 32 at once.
 * 150 ms to the first token and 25 ms between tokens keep 5% meaningful on a loaded 2-core machine.
 */
class ProtocolGroundTruthTest {
  private static final int REASONING = 3;

  private static SimulatorSettings timed() {
    return SimulatorSettings.defaults()
        .withSlots(32)
        .withInstantPrefill()
        .withFirstTokenDelay(Duration.ofMillis(150))
        .withDecodeTokensPerSecond(40);
  }

  @ParameterizedTest
  @ValueSource(strings = {"openai-chat", "openai-completions", "ollama-chat", "ollama-generate"})
  void mediansMatchTheServersSendTimesAloneAndThirtyTwoAtOnce(String api, @TempDir Path results) throws Exception {
    boolean ollama = api.startsWith("ollama");
    boolean reasoningChannel = !api.equals("openai-completions");
    try (SimulatedServer server = SimulatedServer.start(timed().withReasoningTokens(REASONING))) {
      EngineRun run = EngineRun.of(
          Map.of("llmh.endpoint", ollama ? server.rootUrl() : server.baseUrl(), "llmh.api", api),
          results, ProtocolScenario.class);
      run.results.testEvents().assertStatistics(stats -> stats.started(3).failed(0));

      List<ServedRequest> served = new ArrayList<>(server.awaitServedRequests(7 + 65 + 3, Duration.ofSeconds(10)));
      served.sort(Comparator.comparingLong(ServedRequest::arrivalNanos));
      assertThat(served).allSatisfy(r -> assertThat(r.path()).isEqualTo(pathOf(api)));

      for (String name : List.of("alone", "crowd")) {
        int concurrency = name.equals("alone") ? 1 : 32;
        CaseResult result = run.caseNamed(name + "[concurrency=" + concurrency + "]");
        List<ServedRequest> truth = name.equals("alone") ? served.subList(1, 7) : served.subList(8, 72);
        assertThat(result.endpoint().api()).isEqualTo(api);
        assertThat(result.requests().succeeded()).isEqualTo(truth.size());
        // No request waited for a slot (a wait would last a whole request, >= 150 ms); a few ms of thread
        // scheduling on a loaded 2-core machine is not queueing.
        assertThat(truth).allSatisfy(r -> assertThat(r.queueNanos()).isLessThan(50_000_000L));

        assertMedian(result, CaseResult.TTFT, truth, r -> List.of(ms(r.contentChunkNanos().get(0) - r.arrivalNanos())));
        assertMedian(result, CaseResult.TTFO, truth, r -> List.of(ms(r.firstAnswerNanos() - r.arrivalNanos())));
        assertMedian(result, CaseResult.TPOT, truth, r -> List.of(
            ms(r.contentChunkNanos().get(7) - r.contentChunkNanos().get(0)) / 7));
        assertMedian(result, CaseResult.ITL, truth, ProtocolGroundTruthTest::gaps);
        // One token per chunk, confirmed by the server's count: the per-token ITL is the chunk gap.
        assertMedian(result, CaseResult.ITL_TOKEN, truth, ProtocolGroundTruthTest::gaps);
        assertThat(result.metrics().get(CaseResult.TTFO).p50() - result.metrics().get(CaseResult.TTFT).p50())
            .isCloseTo(reasoningChannel ? REASONING * 25.0 : 0.0, within(5.0));

        assertThat(result.samples()).allSatisfy(sample -> {
          assertThat(sample.outputTokens()).isEqualTo(8);
          assertThat(sample.chunkCount()).isEqualTo(8);
          assertThat(sample.reasoningChunks()).isEqualTo(reasoningChannel ? REASONING : 0);
          assertThat(sample.flags()).isEmpty();
          assertThat(sample.finishReason()).isEqualTo("length");
          if (ollama) {
            assertThat(sample.serverTimings()).containsKeys("load_ms", "prompt_eval_ms", "eval_ms", "total_ms");
            assertThat(sample.serverTimings().get("prompt_eval_ms")).isCloseTo(150.0, within(2.0));
          }
        });
      }

      CaseResult reasoningOnly = run.caseNamed("reasoningOnly[concurrency=1]");
      assertThat(reasoningOnly.samples()).allSatisfy(sample -> {
        assertThat(sample.outputTokens()).isEqualTo(2);
        if (reasoningChannel) {
          assertThat(sample.flags()).contains("no_answer");
          assertThat(sample.ttfoMs()).isNull();
          assertThat(sample.ttftMs()).isNotNull();
        } else {
          assertThat(sample.flags()).doesNotContain("no_answer");
        }
      });
      assertThat(reasoningOnly.requests().noAnswer()).isEqualTo(reasoningChannel ? 3 : 0);
      if (reasoningChannel) {
        assertThat(reasoningOnly.warnings()).anySatisfy(w -> assertThat(w).contains("never produced an answer chunk"));
        assertThat(reasoningOnly.metrics().get(CaseResult.TTFO).n()).isZero();
      }
    }
  }

  @Test
  void severalTokensPerChunkWithUsageRecordTheDiscrepancyAndLeavePerTokenItlUnknown(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(timed().withTokensPerChunk(2))) {
      CaseResult result = EngineRun.of(server.baseUrl(), results, TokenAccountingScenario.class)
          .caseNamed("eight[concurrency=1]");
      assertThat(result.samples()).allSatisfy(sample -> {
        assertThat(sample.outputTokens()).isEqualTo(8);
        assertThat(sample.chunkCount()).isEqualTo(4);
        assertThat(sample.flags()).containsExactly("usage_chunk_mismatch");
      });
      assertThat(result.metrics()).containsEntry(CaseResult.ITL_TOKEN, null);
      assertThat(result.warnings()).anySatisfy(w -> assertThat(w).startsWith("per-token ITL unknown"));
      assertThat(result.metrics().get(CaseResult.ITL).p50()).isCloseTo(50.0, within(2.5));
      assertThat(result.metrics().get(CaseResult.TPOT).p50()).isCloseTo(150.0 / 7, within(2.0));
    }
  }

  @Test
  void perChunkUsageGivesPerTokenItl(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(timed().withTokensPerChunk(2).withUsagePerChunk(true))) {
      CaseResult result = EngineRun.of(server.baseUrl(), results, TokenAccountingScenario.class)
          .caseNamed("eight[concurrency=1]");
      assertThat(result.samples()).allSatisfy(sample -> {
        assertThat(sample.outputTokens()).isEqualTo(8);
        assertThat(sample.chunkCount()).isEqualTo(4);
        assertThat(sample.flags()).containsExactly("usage_chunk_mismatch");
      });
      MetricSummary perToken = result.metrics().get(CaseResult.ITL_TOKEN);
      assertThat(perToken.n()).isEqualTo(4 * 6); // 3 gaps × 2 tokens, 4 requests
      assertThat(perToken.p50()).isCloseTo(25.0, within(2.0));
      assertThat(result.metrics().get(CaseResult.ITL).p50()).isCloseTo(50.0, within(2.5));
    }
  }

  @Test
  void withoutUsageTokensAreChunkCountsMarkedEstimated(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(timed().withTokensPerChunk(2).withSendsUsage(false))) {
      CaseResult result = EngineRun.of(server.baseUrl(), results, TokenAccountingScenario.class)
          .caseNamed("eight[concurrency=1]");
      assertThat(result.samples()).allSatisfy(sample -> {
        assertThat(sample.outputTokens()).isEqualTo(4);
        assertThat(sample.chunkCount()).isEqualTo(4);
        assertThat(sample.flags()).containsExactly("estimated_tokens");
      });
      assertThat(result.metrics()).containsEntry(CaseResult.ITL_TOKEN, null);
    }
  }

  @Test
  void aRequestThatLoadedTheModelIsKeptButLeftOutOfTheStatistics(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(timed().withFirstRequestLoad(Duration.ofMillis(400)))) {
      EngineRun run = EngineRun.of(server.rootUrl(), results, ColdLoadScenario.class);
      CaseResult result = run.caseNamed("cold[concurrency=1]");
      assertThat(result.endpoint().api()).isEqualTo("ollama-chat");
      assertThat(result.samples()).hasSize(4);
      SampleRecord first = result.samples().get(0);
      assertThat(first.flags()).containsExactly("model_load");
      assertThat(first.serverTimings().get("load_ms")).isCloseTo(400.0, within(1.0));
      assertThat(first.ttftMs()).isGreaterThan(540.0);
      assertThat(result.samples().subList(1, 4)).allSatisfy(s -> assertThat(s.flags()).isEmpty());
      assertThat(result.requests().modelLoadExcluded()).isEqualTo(1);
      assertThat(result.metrics().get(CaseResult.TTFT).n()).isEqualTo(3);
      assertThat(result.metrics().get(CaseResult.TTFT).max()).isLessThan(200.0);
      assertThat(result.warnings()).anySatisfy(w -> assertThat(w).contains("included a model load"));
    }
  }

  private static String pathOf(String api) {
    return switch (api) {
      case "openai-chat" -> "/v1/chat/completions";
      case "openai-completions" -> "/v1/completions";
      case "ollama-chat" -> "/api/chat";
      default -> "/api/generate";
    };
  }

  private static List<Double> gaps(ServedRequest r) {
    List<Double> gaps = new ArrayList<>();
    for (int k = 1; k < r.contentChunkNanos().size(); k++) {
      gaps.add(ms(r.contentChunkNanos().get(k) - r.contentChunkNanos().get(k - 1)));
    }
    return gaps;
  }

  private static void assertMedian(
      CaseResult result, String metric, List<ServedRequest> truth, Function<ServedRequest, List<Double>> perRequest) {
    List<Double> values = new ArrayList<>();
    truth.forEach(r -> values.addAll(perRequest.apply(r)));
    double expected = median(values);
    double tolerance = Math.max(0.05 * expected, 2.0);
    assertThat(result.metrics().get(metric).p50())
        .as("%s median of %s against the server's %s ms", metric, result.caseId(), expected)
        .isCloseTo(expected, within(tolerance));
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }
}
