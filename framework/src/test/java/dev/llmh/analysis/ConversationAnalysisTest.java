package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.measure.RequestSample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Counts, per-turn medians and the context fit from measured turns; what cannot be fitted says why. */
class ConversationAnalysisTest {
  private static final long MS = 1_000_000;

  /** A turn's request: its first token after 10 ms, then 3 more {@code tpot} ms apart (one token when null). */
  private record Turn(int turn, RequestSample sample) {}

  private static Turn turn(int turn, Integer promptTokens, Double tpot, String error) {
    List<Long> chunks = new ArrayList<>();
    if (error == null) {
      for (int k = 0; k < (tpot == null ? 1 : 4); k++) {
        chunks.add(10 * MS + Math.round(k * (tpot == null ? 0 : tpot) * MS));
      }
    }
    long end = chunks.isEmpty() ? 20 * MS : chunks.get(chunks.size() - 1);
    return new Turn(turn, RequestSample.builder(0, chunks, end).promptTokens(promptTokens)
        .usageOutputTokens(error == null ? chunks.size() : null).finishReason("length").servedModel("m").error(error)
        .build());
  }

  private static ConversationResult analyse(int turns, List<Turn> requests) {
    return ConversationAnalysis.of(turns, requests.stream().map(Turn::sample).toList(), requests.stream().map(Turn::turn).toList());
  }

  @Test
  void countsConversationsAndFitsTpotAgainstTheContext() {
    List<Turn> samples = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      for (int t = 1; t <= 3; t++) {
        int context = 100 * t;
        samples.add(turn(t, context, 5 + 0.01 * context + (c - 1) * 0.01, null));
      }
    }
    samples.add(turn(1, 100, 6.0, null));
    samples.add(turn(2, null, null, "HTTP 500: boom")); // a fourth conversation, ended at turn 2

    ConversationResult result = analyse(3, samples);
    assertThat(result.counts()).isEqualTo(new ConversationResult.Counts(3, 4, 3, 1));
    assertThat(result.turns()).extracting(ConversationResult.Turn::n).containsExactly(4, 3, 3);
    assertThat(result.turns().get(1).promptTokensP50()).isEqualTo(200.0);
    assertThat(result.turns().get(2).tpotMsP50()).isCloseTo(8.0, within(1e-9));
    ConversationResult.ContextFit fit = result.contextFit();
    assertThat(fit.notMeasured()).isNull();
    assertThat(fit.n()).isEqualTo(10);
    assertThat(fit.slopeMsPerToken()).isCloseTo(0.01, within(0.002));
    assertThat(fit.ci()).hasSize(2);
  }

  @Test
  void withoutPromptTokenCountsTheFitIsNotMeasuredAndSaysWhy() {
    List<Turn> samples = List.of(turn(1, null, 5.0, null), turn(2, null, 6.0, null), turn(3, null, 7.0, null));
    ConversationResult.ContextFit fit = analyse(3, samples).contextFit();
    assertThat(fit.slopeMsPerToken()).isNull();
    assertThat(fit.r2()).isNull();
    assertThat(fit.notMeasured()).contains("no prompt token counts");
  }

  @Test
  void tooFewPointsForALineIsNotMeasuredAndSaysWhy() {
    List<Turn> samples = List.of(turn(1, 100, 5.0, null), turn(2, 200, null, null));
    ConversationResult.ContextFit fit = analyse(2, samples).contextFit();
    assertThat(fit.notMeasured()).contains("a line needs 3 points at 2 lengths or more");
  }
}
