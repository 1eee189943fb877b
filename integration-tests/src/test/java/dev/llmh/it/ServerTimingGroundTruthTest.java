package dev.llmh.it;

import static dev.llmh.it.GroundTruth.median;
import static dev.llmh.it.GroundTruth.ms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.PrefixCacheScenario;
import dev.llmh.it.fixtures.ServerTimingScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.servertime.ServerTimingRecord;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.time.Duration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's own timing against the simulator's record of the same requests (paired by
 * {@link GroundTruth#TAGGED}): two slots, the first token 80 ms after a request gets its slot (no
 * prefill), then 50 tok/s, four requests at once. Over Ollama's API the simulator reports its
 * prompt's evaluation as that 80 ms exactly, which is the server's TTFT; the client's overhead
 * beyond it then holds the wait for a slot (up to a whole request, some 220 ms) that the server does
 * not count, plus the transit and the simulator's lateness on its own schedule, a few ms. Over the
 * OpenAI API the simulator says nothing of its timing: not measured, and the budgets undecided;
 * unless it is told to send llama.cpp's {@code timings}, whose prefill and cache count are its own.
 */
class ServerTimingGroundTruthTest {
  private static final long FIRST_TOKEN_MS = 80;
  private static final double PREFILL_RATE = 10_000;

  /** The scenario against {@code server} over Ollama's chat API, or OpenAI's. */
  private static EngineRun measure(SimulatedServer server, boolean ollama, Path results) {
    return EngineRun.watched(Map.of("llmh.endpoint", ollama ? server.rootUrl() : server.baseUrl(),
        "llmh.api", ollama ? "ollama-chat" : "openai-chat"), results, ServerTimingScenario.class);
  }

  @Test
  void theServersFirstTokenIsItsOwnAndTheClientsOverheadHoldsTheWaitForASlot(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(2, FIRST_TOKEN_MS, 50))) {
      EngineRun run = measure(server, true, results);
      CaseResult result = run.record().results().get(0);
      ServerTimingRecord timing = result.section(ServerTimingRecord.SECTION);
      List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, server.servedRequests());

      // what the simulator controls: every request's prompt took 80 ms after its slot, and it says so
      assertThat(timing.source()).isEqualTo("Ollama load_duration + prompt_eval_duration");
      assertThat(timing.counted()).isEqualTo(16);
      assertThat(timing.timed()).isEqualTo(16);
      assertThat(timing.serverTtftMs().n()).isEqualTo(16);
      assertThat(timing.serverTtftMs().min()).isEqualTo(FIRST_TOKEN_MS);
      assertThat(timing.serverTtftMs().max()).isEqualTo(FIRST_TOKEN_MS);
      // ... and its own record agrees: the first chunk left that long after the slot, late by a few ms at most
      Offsets late = Offsets.of(result.caseId() + " first chunk after the slot",
          pairs.stream().map(p -> ms(p.server().times().contentChunkNanos().get(0) - p.server().times().slotAcquiredNanos())).toList(),
          pairs.stream().map(p -> (double) FIRST_TOKEN_MS).toList());
      double gap = Offsets.chunkGapMs(pairs.stream().map(GroundTruth.Pair::server).toList());
      assertThat(late.spanDisagreement(gap)).as("%s", late).isNull();

      // the client's overhead: the wait for a slot, which the server leaves out, and the transit
      List<Double> overhead = pairs.stream().map(p -> p.client().times().ttftMs() - FIRST_TOKEN_MS).toList();
      Offsets beyondQueue = Offsets.of(result.caseId() + " client overhead beyond the slot wait", overhead,
          pairs.stream().map(p -> ms(p.server().queueNanos())).toList());
      System.out.printf("%s; must catch %.3f ms%n", beyondQueue, gap);
      assertThat(beyondQueue.spanDisagreement(gap)).as("%s", beyondQueue).isNull();
      double longestWait = pairs.stream().mapToDouble(p -> ms(p.server().queueNanos())).max().orElseThrow();
      assertThat(longestWait).as("requests waited for a slot").isGreaterThan(4 * gap);
      assertThat(timing.clientOverheadMs().n()).isEqualTo(16);
      assertThat(timing.clientOverheadMs().p50()).isCloseTo(median(overhead), within(1e-6));
      assertThat(timing.clientOverheadMs().max()).isGreaterThan(longestWait);

      assertThat(timing.cachedPromptTokens()).isNull();
      assertThat(timing.notMeasured()).containsOnlyKeys("cached_prompt_tokens");
      assertThat(result.constraints()).extracting(CaseResult.ConstraintRecord::verdict).containsExactly("PASS", "PASS");
      assertThat(result.verdict()).isEqualTo("PASS");
      assertThat(run.console()).contains("server's   ttft p50 80 ms [80, 80], p95 80 ms; client overhead p50 ")
          .contains("; 16 of 16 requests timed (Ollama load_duration + prompt_eval_duration)");
      assertThat(result.samples()).extracting(SampleRecord::serverTimings).allSatisfy(t -> assertThat(t).containsKey("prompt_eval_ms"));
    }
  }

  @Test
  void aServerThatSaysNothingOfItsTimingLeavesItNotMeasuredAndItsBudgetsUndecided(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(2, FIRST_TOKEN_MS, 50))) {
      EngineRun run = measure(server, false, results);
      ServerTimingRecord timing = run.record().results().get(0).section(ServerTimingRecord.SECTION);
      CaseResult result = run.record().results().get(0);
      assertThat(timing.timed()).isZero();
      assertThat(timing.serverTtftMs()).isNull();
      assertThat(timing.clientOverheadMs()).isNull();
      String why = "the server sent no timings of its own (llama.cpp's timings, Ollama's durations) with any counted request";
      assertThat(timing.notMeasured()).containsEntry("server_ttft_ms", why).containsEntry("client_overhead_ms", why);
      assertThat(result.constraints()).extracting(CaseResult.ConstraintRecord::verdict).containsExactly("INCONCLUSIVE", "INCONCLUSIVE");
      assertThat(result.constraints().get(0).message()).isEqualTo("server_ttft.p50 not measured: " + why
          + " against budget 200 ms: INCONCLUSIVE");
      assertThat(result.verdict()).isEqualTo("INCONCLUSIVE");
      assertThat(run.console()).contains("server's   ttft and client overhead not measured: " + why);
    }
  }

  /**
   * llama.cpp's {@code timings} over the OpenAI API (the simulator sends them when told to): a 2,000
   * token system prompt prefilled at 10,000 tok/s, and shared with the prefix cache or not
   * ({@link PrefixCacheScenario}), one request at a time. The server's TTFT is its prefill of what the
   * cache did not hold, some 200 ms without the cache and under 1 ms with it, and its count of cached
   * tokens is the simulator's own, request by request.
   */
  /** A case of {@link PrefixCacheScenario} with the six measured requests the simulator served it, one at a time. */
  private record Cached(String name, CaseResult result, List<ServedRequest> measured) {}

  /** The prefix-cache scenario against a one-slot simulator with its prefix cache and {@code quirk}. */
  private static List<Cached> prefixCacheCases(UnaryOperator<SimulatorSettings> quirk, Path results) throws Exception {
    SimulatorSettings caching = SimulatorSettings.defaults().withSlots(1).withPrefillTokensPerSecond(PREFILL_RATE)
        .withDecodeTokensPerSecond(1000).withPrefixCache(true);
    try (SimulatedServer server = SimulatedServer.start(quirk.apply(caching))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, PrefixCacheScenario.class);
      List<ServedRequest> served = server.awaitServedRequests(14, Duration.ofSeconds(10));
      return List.of(new Cached("fresh", run.caseNamed("fresh[concurrency=1]"), served.subList(1, 7)),
          new Cached("cached", run.caseNamed("cached[concurrency=1]"), served.subList(8, 14)));
    }
  }

  @Test
  void llamaCppTimingsGiveThePrefillOfWhatTheCacheDidNotHold(@TempDir Path results) throws Exception {
    List<Cached> cases = prefixCacheCases(s -> s.withLlamaTimings(true), results);
    for (Cached c : cases) {
      CaseResult result = c.result();
      List<ServedRequest> measured = c.measured();
      ServerTimingRecord timing = result.section(ServerTimingRecord.SECTION);
      assertThat(timing.source()).isEqualTo("llama.cpp timings.prompt_ms");
      assertThat(timing.timed()).isEqualTo(6);
      List<Double> cached = measured.stream().map(r -> (double) r.outcome().cachedPromptTokens()).toList();
      assertThat(timing.cachedPromptTokens().min()).isEqualTo(cached.stream().min(Double::compare).orElseThrow());
      assertThat(timing.cachedPromptTokens().max()).isEqualTo(cached.stream().max(Double::compare).orElseThrow());
      assertThat(timing.cachedPromptTokens().p50()).isEqualTo(median(cached));
      List<Double> prefill = measured.stream()
          .map(r -> (r.outcome().promptTokens() - r.outcome().cachedPromptTokens()) / PREFILL_RATE * 1000).toList();
      assertThat(timing.serverTtftMs().p50()).isCloseTo(median(prefill), within(0.001));
      assertThat(timing.serverTtftMs().max()).isCloseTo(prefill.stream().mapToDouble(d -> d).max().orElseThrow(), within(0.001));
      // its own record: the first chunk left the prefill after the slot, a few ms late at most
      Offsets late = Offsets.of(result.caseId() + " first chunk after the slot",
          measured.stream().map(r -> ms(r.times().contentChunkNanos().get(0) - r.times().slotAcquiredNanos())).toList(), prefill);
      assertThat(late.spanDisagreement(2 * Offsets.SPAN_FLOOR_MS)).as("%s", late).isNull();
    }
    assertThat(cases.get(0).result().section(ServerTimingRecord.SECTION).serverTtftMs().p50()).isGreaterThan(195);
    assertThat(cases.get(1).result().section(ServerTimingRecord.SECTION).serverTtftMs().p50()).isLessThan(2);
  }

  /**
   * OpenAI's {@code usage.prompt_tokens_details.cached_tokens} (vLLM with
   * {@code --enable-prompt-tokens-details}) is the same count, request by request, with no timing
   * beside it: the cached tokens are measured, the server's TTFT not.
   */
  @Test
  void openAisCachedTokensAreTheServersCountWithoutItsTimings(@TempDir Path results) throws Exception {
    List<Cached> cases = prefixCacheCases(s -> s.withCachedTokensInUsage(true), results);
    for (Cached c : cases) {
      List<Double> told = c.result().samples().stream().map(r -> r.serverTimings().get("cached_tokens")).sorted().toList();
      assertThat(told).as(c.name()).isEqualTo(c.measured().stream().map(r -> (double) r.outcome().cachedPromptTokens()).sorted().toList());
      ServerTimingRecord timing = c.result().section(ServerTimingRecord.SECTION);
      assertThat(timing.timed()).isZero();
      assertThat(timing.cachedPromptTokens().n()).isEqualTo(6);
      assertThat(timing.serverTtftMs()).isNull();
      assertThat(timing.notMeasured()).containsKey("server_ttft_ms").doesNotContainKey("cached_prompt_tokens");
    }
    assertThat(cases.get(1).result().section(ServerTimingRecord.SECTION).cachedPromptTokens().min()).isGreaterThan(1000);
  }
}
