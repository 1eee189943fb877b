package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.ColdLoadScenario;
import dev.llmh.it.fixtures.ProtocolScenario;
import dev.llmh.it.fixtures.TokenAccountingScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import dev.llmh.sim.StreamFraming;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every protocol against the simulator's own record of the same requests ({@link GroundTruth}): each
 * measured request's TTFT, TTFO, E2E, TPOT and chunk gaps against what the server did for it, alone
 * and 32 at once, within the noise measured on those requests; every case median exactly its
 * requests'. 150 ms to the first token and 25 ms between tokens make a chunk counted wrong or a
 * reasoning chunk taken for the answer (25 ms), or N instead of N − 1 (3 ms), stand out.
 */
class ProtocolGroundTruthTest {
  private static final int REASONING = 3;

  private static SimulatorSettings timed() {
    return GroundTruth.simulator(32, 150, 40);
  }

  @ParameterizedTest
  @ValueSource(strings = {"openai-chat", "openai-completions", "ollama-chat", "ollama-generate"})
  void everyRequestAgreesWithTheServersRecordAloneAndThirtyTwoAtOnce(String api, @TempDir Path results) throws Exception {
    boolean ollama = api.startsWith("ollama");
    boolean reasoningChannel = !api.equals("openai-completions");
    try (SimulatedServer server = SimulatedServer.start(timed().withReasoningTokens(REASONING))) {
      EngineRun run = EngineRun.of(
          Map.of("llmh.endpoint", ollama ? server.rootUrl() : server.baseUrl(), "llmh.api", api),
          results, ProtocolScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(3).failed(0));
      // alone: 1 warm-up + 6; crowd: 32 warm-up (one per worker) + 64; reasoningOnly: 3
      List<ServedRequest> served = server.awaitServedRequests(7 + 96 + 3, Duration.ofSeconds(10));
      assertThat(served).allSatisfy(r -> assertThat(r.request().path()).isEqualTo(pathOf(api)));

      for (String name : List.of("alone", "crowd")) {
        CaseResult result = run.caseNamed(name + "[concurrency=" + (name.equals("alone") ? 1 : 32) + "]");
        List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, served);
        assertThat(result.endpoint().api()).isEqualTo(api);
        assertThat(result.requests().succeeded()).isEqualTo(name.equals("alone") ? 6 : 64);
        // No request waited for a slot (a wait would last a whole request, >= 300 ms); a few ms of thread
        // scheduling on a loaded 2-core machine is not queueing.
        GroundTruth.assertNoneWaitedForASlot(pairs.stream().map(GroundTruth.Pair::server).toList());
        assertThat(result.samples()).allSatisfy(sample -> {
          assertThat(sample.outputTokens()).isEqualTo(8);
          assertThat(sample.chunkCount()).isEqualTo(8);
          assertThat(sample.reasoningChunks()).isEqualTo(reasoningChannel ? REASONING : 0);
          assertThat(sample.flags()).isEmpty();
          assertThat(sample.finishReason()).isEqualTo("length");
        });

        GroundTruth.assertTimingsAgree(result, pairs);
        GroundTruth.assertFromSend(result, CaseResult.TTFO, pairs, SampleRecord::ttfoMs, ServedRequest::firstAnswerNanos);
        // One token per chunk, confirmed by the server's count: the per-token ITL is the chunk gap.
        assertThat(result.metrics().get(CaseResult.ITL_TOKEN)).usingRecursiveComparison().comparingOnlyFields("n", "p50")
            .isEqualTo(result.metrics().get(CaseResult.ITL));
        if (ollama) {
          // Ollama reports the prefill it did: the simulator's first-token delay, to the nanosecond.
          assertThat(result.samples()).allSatisfy(sample -> {
            assertThat(sample.serverTimings()).containsKeys("load_ms", "prompt_eval_ms", "eval_ms", "total_ms");
            assertThat(sample.serverTimings().get("prompt_eval_ms")).isEqualTo(150.0);
          });
        }
      }

      CaseResult reasoningOnly = run.caseNamed("reasoningOnly[concurrency=1]");
      assertThat(reasoningOnly.samples()).allSatisfy(sample -> {
        assertThat(sample.outputTokens()).isEqualTo(2);
        if (reasoningChannel) {
          assertThat(sample.flags()).contains("no_answer");
          assertThat(sample.ttfoMs()).isNull();
          assertThat(sample.times().ttftMs()).isNotNull();
        } else {
          assertThat(sample.flags()).doesNotContain("no_answer");
        }
      });
      assertThat(reasoningOnly.requests().noAnswer()).isEqualTo(reasoningChannel ? 3 : 0);
      if (reasoningChannel) {
        assertThat(reasoningOnly.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).contains("never produced an answer chunk"));
        assertThat(reasoningOnly.metrics().get(CaseResult.TTFO).n()).isZero();
      }
    }
  }

  @Test
  void severalTokensPerChunkWithUsageRecordTheDiscrepancyAndLeavePerTokenItlUnknown(@TempDir Path results) throws Exception {
    CaseResult result = eightTokens(timed().withTokensPerChunk(2), results, sample -> {
      assertThat(sample.outputTokens()).isEqualTo(8);
      assertThat(sample.flags()).containsExactly("usage_chunk_mismatch");
    });
    assertThat(result.metrics()).containsEntry(CaseResult.ITL_TOKEN, null);
    assertThat(result.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).startsWith("per-token ITL unknown"));
  }

  @Test
  void perChunkUsageGivesPerTokenItl(@TempDir Path results) throws Exception {
    CaseResult result = eightTokens(timed().withTokensPerChunk(2).withUsagePerChunk(true), results, sample -> {
      assertThat(sample.outputTokens()).isEqualTo(8);
      assertThat(sample.flags()).containsExactly("usage_chunk_mismatch");
    });
    // Each gap closed by a chunk of two tokens counts as two per-token gaps of half its length.
    MetricSummary perToken = result.metrics().get(CaseResult.ITL_TOKEN);
    MetricSummary perChunk = result.metrics().get(CaseResult.ITL);
    assertThat(perToken.n()).isEqualTo(4 * 6).isEqualTo(2 * perChunk.n()); // 3 gaps × 2 tokens, 4 requests
    assertThat(perToken.p50()).isCloseTo(perChunk.p50() / 2, within(1e-9));
  }

  @Test
  void withoutUsageTokensAreChunkCountsMarkedEstimated(@TempDir Path results) throws Exception {
    CaseResult result = eightTokens(timed().withTokensPerChunk(2).withSendsUsage(false), results, sample -> {
      assertThat(sample.outputTokens()).isEqualTo(4);
      assertThat(sample.flags()).containsExactly("estimated_tokens");
    });
    assertThat(result.metrics()).containsEntry(CaseResult.ITL_TOKEN, null);
  }

  /**
   * Eight tokens in four chunks: each request's figures against the server's record of it (without
   * usage, no tag names the request: four requests one at a time are paired in order of arrival).
   */
  private static CaseResult eightTokens(SimulatorSettings settings, Path results, Consumer<SampleRecord> sample)
      throws Exception {
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      CaseResult result = EngineRun.of(server.baseUrl(), results, TokenAccountingScenario.class)
          .caseNamed("eight[concurrency=1]");
      assertThat(result.samples()).hasSize(4).allSatisfy(s -> assertThat(s.chunkCount()).isEqualTo(4)).allSatisfy(sample);
      List<ServedRequest> served = new ArrayList<>(server.awaitServedRequests(4, Duration.ofSeconds(10)));
      served.sort(Comparator.comparingLong(r -> r.times().arrivalNanos()));
      List<GroundTruth.Pair> pairs = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        pairs.add(new GroundTruth.Pair(result.samples().get(i), served.get(i)));
      }
      if (settings.quirks().sendsUsage()) {
        assertThat(GroundTruth.pairs(result, served)).isEqualTo(pairs);
        GroundTruth.assertTimingsAgree(result, pairs);
      }
      return result;
    }
  }

  /**
   * Ollama's case, over each framing of its stream (chunked, {@code Content-Length}, and to the
   * connection's close, as an HTTP/1.0-style server streams), its {@code done} line written right
   * after the last token: every final line is read, and the cold load is flagged and left out.
   */
  @ParameterizedTest
  @EnumSource(StreamFraming.class)
  void aRequestThatLoadedTheModelIsKeptButLeftOutOfTheStatistics(StreamFraming framing, @TempDir Path results)
      throws Exception {
    try (SimulatedServer server = SimulatedServer.start(timed().withFirstRequestLoad(Duration.ofMillis(400)).withFraming(framing))) {
      EngineRun run = EngineRun.of(server.rootUrl(), results, ColdLoadScenario.class);
      CaseResult result = run.caseNamed("cold[concurrency=1]");
      assertThat(result.endpoint().api()).isEqualTo("ollama-chat");
      List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, server.awaitServedRequests(4, Duration.ofSeconds(10)));
      assertThat(pairs).extracting(p -> p.server().requestNumber()).containsExactly(1L, 2L, 3L, 4L);
      SampleRecord first = result.samples().get(0);
      assertThat(first.flags()).containsExactly("model_load");
      // Ollama reports the load the simulator did, to the nanosecond; the client's TTFT contains it.
      assertThat(first.serverTimings().get("load_ms")).isEqualTo(400.0);
      ServedRequest loaded = pairs.get(0).server();
      assertThat(first.times().ttftMs())
          .isGreaterThan(GroundTruth.ms(loaded.times().contentChunkNanos().get(0) - loaded.times().arrivalNanos()));
      assertThat(result.samples().subList(1, 4)).allSatisfy(s -> assertThat(s.flags()).isEmpty());
      assertThat(result.samples()).allSatisfy(s -> {
        assertThat(s.error()).isNull();
        assertThat(s.promptTokens()).isNotNull();
        assertThat(s.outputTokens()).isEqualTo(4);
        assertThat(s.serverTimings()).containsKeys("load_ms", "prompt_eval_ms", "eval_ms", "total_ms");
      });
      assertThat(result.section(Section.WARNINGS)).noneSatisfy(w -> assertThat(w).contains("sent no usage"));
      assertThat(result.requests().modelLoadExcluded()).isEqualTo(1);
      // The statistics are the other three requests', exactly.
      List<Double> warm = result.samples().subList(1, 4).stream().map(s -> s.times().ttftMs()).toList();
      GroundTruth.assertSummarises(result, CaseResult.TTFT, warm);
      assertThat(result.metrics().get(CaseResult.TTFT).max()).isEqualTo(warm.stream().max(Double::compare).orElseThrow());
      assertThat(result.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).contains("included a model load"));
      // A close-delimited answer ends at its done line and its connection is never taken again: no
      // request waits for the close a lingering server sends seconds later.
      assertThat(result.samples()).allSatisfy(s -> {
        assertThat(s.times().http().blocked()).isLessThan(StreamFraming.LINGER.toMillis() / 4.0);
        assertThat(s.times().http().connectionReused()).isEqualTo(!framing.closeDelimited());
      });
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
}
