package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.analysis.ConversationResult;
import dev.llmh.front.Message;
import dev.llmh.it.fixtures.ConversationScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Faults;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimTokenizer;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import dev.llmh.stats.LinearFit;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Conversations against the simulator's record of the same requests: every turn sent the history so
 * far (the earlier user messages and the answers the simulator gave) and the next user message, each
 * worker ran whole conversations, per-turn prompt tokens grow as the history does, and the fit of
 * TPOT against context tokens recovers the decode slowdown the simulator was given.
 */
class ConversationGroundTruthTest {
  private static final int TURNS = 5;
  private static final int ANSWER_TOKENS = 6;
  /** Decode 200 tok/s (5 ms per token) plus 20 µs per token of context: 7 ms at turn 1, 16 ms at turn 5. */
  private static final double BASE_TPOT_MS = 5;
  private static final double SLOWDOWN_MS_PER_TOKEN = 0.02;

  private static SimulatorSettings slowingDecode() {
    return SimulatorSettings.defaults().withPrefillTokensPerSecond(20_000).withDecodeTokensPerSecond(1000 / BASE_TPOT_MS)
        .withDecodeSlowdownPerContextToken(Duration.ofNanos(Math.round(SLOWDOWN_MS_PER_TOKEN * 1e6)));
  }

  @Test
  void everyTurnSendsTheHistoryAndTheFitRecoversTheSlowdown(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(slowingDecode().withHook(GroundTruth.NUMBERED))) {
      EngineRun run = EngineRun.watched(Map.of("llmh.endpoint", server.baseUrl()), results, ConversationScenarios.Growing.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      CaseResult result = run.record().results().get(0);
      List<ServedRequest> served = server.servedRequests();

      // Warm-up and measurement count whole conversations: 2 warm-up (one per worker) and 6 measured, 5 turns each.
      assertThat(served).hasSize((2 + 6) * TURNS);
      assertThat(result.section(Section.CONVERSATION)).isEqualTo(new ConversationResult.Counts(TURNS, 6, 6, 0));
      assertThat(result.requests().measured()).isEqualTo(6 * TURNS);
      assertThat(result.samples()).extracting(SampleRecord::turn).containsOnly(1, 2, 3, 4, 5);

      // Each conversation, told apart by its first user message (the unique marker), as the server saw it.
      Map<String, List<ServedRequest>> conversations = new LinkedHashMap<>();
      served.stream().sorted(Comparator.comparingLong(r -> r.times().arrivalNanos()))
          .forEach(r -> conversations.computeIfAbsent(r.request().messages().get(0).content(), k -> new ArrayList<>()).add(r));
      assertThat(conversations).hasSize(8);
      for (List<ServedRequest> turns : conversations.values()) {
        assertThat(turns).hasSize(TURNS);
        for (int k = 1; k <= TURNS; k++) {
          ServedRequest turn = turns.get(k - 1);
          List<Message> messages = turn.request().messages();
          assertThat(messages).hasSize(2 * k - 1);
          for (int j = 1; j <= k; j++) {
            Message user = messages.get(2 * (j - 1));
            assertThat(user.role()).isEqualTo("user");
            assertThat(user.content()).endsWith("Turn " + j + ": " + "word ".repeat(100));
            if (j < k) {
              Message assistant = messages.get(2 * j - 1);
              assertThat(assistant.role()).isEqualTo("assistant");
              // the answer the simulator streamed for turn j, appended verbatim
              assertThat(assistant.content()).isEqualTo(SimTokenizer.outputText(42, 0, ANSWER_TOKENS));
            }
          }
          if (k > 1) {
            // one worker runs the conversation: a turn is sent only after the previous one ended
            assertThat(turn.times().arrivalNanos()).isGreaterThan(turns.get(k - 2).times().finishedNanos());
            // the prompt grows by the previous answer and the new message, as the server counts them
            assertThat(turn.outcome().promptTokens() - turns.get(k - 2).outcome().promptTokens()).isEqualTo(ANSWER_TOKENS + 103);
          }
        }
      }

      // Per-turn figures: prompt tokens as the server counted them, every conversation at every turn.
      List<ServedRequest> measured = served.stream().filter(r -> !warmUp(r, conversations, 2)).toList();
      assertThat(result.section(Section.TURNS)).hasSize(TURNS);
      for (ConversationResult.Turn turn : result.section(Section.TURNS)) {
        int k = turn.turn();
        assertThat(turn.n()).isEqualTo(6);
        double serverPrompt = measured.stream().filter(r -> r.request().messages().size() == 2 * k - 1)
            .mapToInt(r -> r.outcome().promptTokens()).average().orElseThrow();
        assertThat(turn.promptTokensP50()).isEqualTo(serverPrompt);
        List<Double> tpots = result.samples().stream().filter(r -> r.turn() == k).map(s -> s.times().tpotMs()).toList();
        assertThat(turn.tpotMsP50()).as("turn %d TPOT p50 of %s", k, tpots).isCloseTo(GroundTruth.median(tpots), within(1e-9));
      }
      List<GroundTruth.Pair> pairs = GroundTruth.numberedPairs(result, served);
      assertThat(pairs).extracting(GroundTruth.Pair::server).containsExactlyInAnyOrderElementsOf(measured);
      // Each TPOT the server's, on the server's schedule: 5 ms and 0.02 ms per context token a chunk;
      // the error to catch there is a turn decoded at the previous turn's context, 109 tokens shorter.
      GroundTruth.assertTpotsOnSchedule(result, pairs, r -> BASE_TPOT_MS + SLOWDOWN_MS_PER_TOKEN * r.outcome().promptTokens(),
          SLOWDOWN_MS_PER_TOKEN * (ANSWER_TOKENS + 103));

      // The fit of TPOT against context is the least squares of those TPOTs on the server's counts.
      ConversationResult.ContextFit fit = result.section(Section.CONTEXT_FIT);
      System.out.println("context fit: " + fit);
      assertThat(fit.notMeasured()).isNull();
      assertThat(fit.x()).isEqualTo("context_tokens");
      assertThat(fit.y()).isEqualTo("tpot_ms");
      assertThat(fit.n()).isEqualTo(6 * TURNS);
      LinearFit expected = LinearFit.of(result.samples().stream().mapToDouble(SampleRecord::promptTokens).toArray(),
          result.samples().stream().mapToDouble(s -> s.times().tpotMs()).toArray()).orElseThrow();
      assertThat(fit.slopeMsPerToken()).isCloseTo(expected.slope(), within(1e-9));
      assertThat(fit.interceptMs()).isCloseTo(expected.intercept(), within(1e-9));
      assertThat(fit.r2()).isCloseTo(expected.r2(), within(1e-9));
      assertThat(fit.ci()).containsExactly(expected.slopeLow(), expected.slopeHigh());
      // It recovers the slowdown the simulator was given, within three times its own interval's
      // half-width, which must be narrow enough to tell the slowdown from none.
      double halfWidth = (fit.ci().get(1) - fit.ci().get(0)) / 2;
      assertThat(3 * halfWidth).as("3 x the slope's half-width, against the slope").isLessThan(SLOWDOWN_MS_PER_TOKEN);
      assertThat(fit.slopeMsPerToken()).isCloseTo(SLOWDOWN_MS_PER_TOKEN, within(3 * halfWidth));

      // The budget is judged over every turn's request, pooled.
      assertThat(result.constraints()).singleElement().satisfies(c -> assertThat(c.verdict()).isEqualTo("PASS"));
      assertThat(result.metrics().get(CaseResult.TPOT).n()).isEqualTo(6 * TURNS);

      // The console shows the turns and the fit: as a line where it is one, else why not — on a busy
      // machine the TPOTs' noise can take R² under the threshold while the slope stays recovered.
      assertThat(run.console()).contains("conversations 6 of 5 turns (6 completed, 0 ended by a failed turn)")
          .contains(fit.r2() >= LinearFit.LINEAR_R2 ? "decode vs context: TPOT = "
              : String.format(java.util.Locale.ROOT, "decode vs context: no line (R² %.2f over %d turns)", fit.r2(), fit.n()));
    }
  }

  @Test
  void aFailedTurnEndsItsConversationAndIsCountedWithItsReason(@TempDir Path results) {
    // One worker: a warm-up conversation (requests 1-5), then conversations of requests 6-10, 11-15, 16-20.
    // Request 13 is the second measured conversation's third turn.
    try (SimulatedServer server = SimulatedServer.start(slowingDecode().withHook(Faults.of(Faults.status(13, 500))))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, ConversationScenarios.OneAtATime.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      CaseResult result = run.record().results().get(0);

      assertThat(result.section(Section.CONVERSATION)).isEqualTo(new ConversationResult.Counts(TURNS, 3, 2, 1));
      // 5 + 3 + 5 requests: the failed conversation's turns 4 and 5 were never sent
      assertThat(result.samples()).hasSize(13);
      assertThat(result.samples()).extracting(SampleRecord::turn).containsExactly(1, 2, 3, 4, 5, 1, 2, 3, 1, 2, 3, 4, 5);
      SampleRecord failed = result.samples().get(7);
      assertThat(failed.error()).contains("HTTP 500");
      assertThat(result.requests().failed()).isEqualTo(1);
      assertThat(result.verdict()).isEqualTo("FAIL");
      assertThat(result.verdictReasons()).anySatisfy(r -> assertThat(r).contains("1 of 13 measured requests failed").contains("HTTP 500"));
      // Turns 4 and 5 were reached by two of the three conversations.
      assertThat(result.section(Section.TURNS)).extracting(ConversationResult.Turn::n).containsExactly(3, 3, 2, 2, 2);
    }
  }

  @Test
  void aConversationOnAProtocolThatTakesOnePromptIsRefusedBeforeItsFirstRequest(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(slowingDecode())) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.api", "openai-completions"), results,
          ConversationScenarios.OneAtATime.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.verdict()).isEqualTo("NOT_RUN");
      assertThat(result.section(Section.ERROR)).contains("a @Conversation sends its history as chat messages, which openai-completions cannot carry")
          .contains("use openai-chat or ollama-chat");
      assertThat(server.servedRequests()).isEmpty();
    }
  }

  /** Whether {@code r} belongs to one of the first {@code warmUps} conversations to arrive. */
  private static boolean warmUp(ServedRequest r, Map<String, List<ServedRequest>> conversations, int warmUps) {
    List<String> firsts = new ArrayList<>(conversations.keySet());
    return firsts.subList(0, warmUps).contains(r.request().messages().get(0).content());
  }
}
