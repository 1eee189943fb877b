package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.PrefixCacheScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimTokenizer;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code @SystemPrompt} with {@code @PromptCache} against a simulator that serves a prefix cache: the
 * system prompt reaches the server on every request, UNIQUE requests are prefilled in full, SHARED
 * requests reuse the system prompt and the question, and the TTFT saved is what the server skipped:
 * cached tokens / prefill rate, here 2,003 tokens at 10,000 tok/s, about 200 ms.
 */
class PrefixCacheGroundTruthTest {
  private static final double PREFILL_RATE = 10_000;
  private static final SimulatorSettings CACHING = SimulatorSettings.defaults().withSlots(1)
      .withPrefillTokensPerSecond(PREFILL_RATE).withDecodeTokensPerSecond(1000).withPrefixCache(true);
  private static final int SYSTEM_TOKENS = SimTokenizer.countTokens(PrefixCacheScenario.PREAMBLE_TEXT);

  /**
   * Every protocol: the system prompt as a system message (OpenAI and Ollama chat), Ollama generate's
   * {@code system} field, or text before the prompt (OpenAI completions). Ollama takes no
   * {@code cache_prompt}, so there the marker's place alone decides what the cache can reuse.
   */
  @ParameterizedTest
  @ValueSource(strings = {"openai-chat", "openai-completions", "ollama-chat", "ollama-generate"})
  void sharedSavesThePrefillOfWhatItRepeatsAndUniqueSavesNothing(String api, @TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(CACHING)) {
      EngineRun run = EngineRun.of(
          Map.of("llmh.endpoint", api.startsWith("ollama") ? server.rootUrl() : server.baseUrl(), "llmh.api", api),
          results, PrefixCacheScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
      List<ServedRequest> served = server.awaitServedRequests(14, Duration.ofSeconds(10));
      List<ServedRequest> fresh = served.subList(1, 7);
      List<ServedRequest> cached = served.subList(8, 14);
      CaseResult unique = run.caseNamed("fresh[concurrency=1]");
      CaseResult shared = run.caseNamed("cached[concurrency=1]");
      assertThat(unique.section(Section.PROMPT_CACHE)).isEqualTo("unique-prefix");
      assertThat(shared.section(Section.PROMPT_CACHE)).isEqualTo("shared-prefix");
      // The prefill rate of a cached case is not the server's: the case says so.
      assertThat(shared.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).startsWith("prompt cache shared").contains("not the server's prefill rate"));
      assertThat(unique.section(Section.WARNINGS)).noneSatisfy(w -> assertThat(w).startsWith("prompt cache shared"));

      // The system prompt went with every request: the server counted it (plus question and marker).
      assertThat(served).allSatisfy(r -> assertThat(r.outcome().promptTokens()).isBetween(SYSTEM_TOKENS + 3, SYSTEM_TOKENS + 12));
      // UNIQUE: the marker opens the system prompt, so only its first tokens ("[", the run's part, "-") can match.
      assertThat(fresh).allSatisfy(r -> assertThat(r.outcome().cachedPromptTokens()).isLessThanOrEqualTo(3));
      // SHARED: the system prompt and the question are reused; only the marker's end is prefilled.
      assertThat(cached).allSatisfy(r -> assertThat(r.outcome().cachedPromptTokens()).isGreaterThanOrEqualTo(SYSTEM_TOKENS + 3));

      double expectedSavingMs = (mean(cached) - mean(fresh)) / PREFILL_RATE * 1000;
      double savedMs = unique.metrics().get(CaseResult.TTFT).p50() - shared.metrics().get(CaseResult.TTFT).p50();
      System.out.printf("TTFT p50 unique %.1f ms, shared %.1f ms: saved %.1f ms, expected %.1f ms%n",
          unique.metrics().get(CaseResult.TTFT).p50(), shared.metrics().get(CaseResult.TTFT).p50(), savedMs, expectedSavingMs);
      assertThat(expectedSavingMs).isGreaterThan(195);
      // The server prefilled exactly what it did not find in the cache, in its own record, and each
      // client TTFT is the server's (one request at a time, in order): the difference is the prefill skipped.
      for (List<ServedRequest> requests : List.of(fresh, cached)) {
        Offsets late = Offsets.of(api + " server first chunk after slot",
            requests.stream().map(r -> GroundTruth.ms(r.times().contentChunkNanos().get(0) - r.times().slotAcquiredNanos())).toList(),
            requests.stream().map(r -> (r.outcome().promptTokens() - r.outcome().cachedPromptTokens()) / PREFILL_RATE * 1000).toList());
        System.out.println(late);
        assertThat(late.lateDisagreement(Offsets.SPAN_FLOOR_MS, expectedSavingMs)).as("%s", late).isNull();
      }
      assertClientTtftIsTheServers(unique, fresh);
      assertClientTtftIsTheServers(shared, cached);
      // UNIQUE pays the whole prefill: TTFT is at least the server's prefill of every token.
      assertThat(unique.metrics().get(CaseResult.TTFT).min()).isGreaterThan(SYSTEM_TOKENS / PREFILL_RATE * 1000);
    }
  }

  @Test
  void theConfigurationOverridesTheAnnotation(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(CACHING)) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.promptCache", "unique"), results,
          PrefixCacheScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
      assertThat(run.record().results()).allSatisfy(r -> assertThat(r.section(Section.PROMPT_CACHE)).isEqualTo("unique-prefix"));
      assertThat(server.awaitServedRequests(14, Duration.ofSeconds(10)))
          .allSatisfy(r -> assertThat(r.outcome().cachedPromptTokens()).isLessThanOrEqualTo(3));
    }
  }

  /** Each sample's TTFT against the server's span from arrival to first chunk, by {@link Offsets#spanDisagreement}. */
  private static void assertClientTtftIsTheServers(CaseResult result, List<ServedRequest> requests) {
    Offsets ttft = Offsets.of(result.caseId() + " ttft", result.samples().stream().map(s -> s.times().ttftMs()).toList(),
        requests.stream().map(r -> GroundTruth.ms(r.times().contentChunkNanos().get(0) - r.times().arrivalNanos())).toList());
    System.out.println(ttft);
    assertThat(ttft.spanDisagreement(Offsets.chunkGapMs(requests))).as("%s", ttft).isNull();
  }

  private static double mean(List<ServedRequest> requests) {
    return requests.stream().mapToInt(r -> r.outcome().cachedPromptTokens()).average().orElseThrow();
  }
}
