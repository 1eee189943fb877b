package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.result.SampleRecord;
import dev.llmh.result.ConversationResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Counts, per-turn medians and the context fit from recorded turns; what cannot be fitted says why. */
class ConversationAnalysisTest {

  private static SampleRecord turn(int turn, Integer promptTokens, Double tpot, String error) {
    return SampleRecord.builder().times(0.0, error == null ? 10.0 : null, tpot, 20.0, 20.0).chunkMs(List.of()).tokens(promptTokens, 4).finishReason("length").flags(List.of()).error(error).turn(turn).build();
  }

  @Test
  void countsConversationsAndFitsTpotAgainstTheContext() {
    List<SampleRecord> samples = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      for (int t = 1; t <= 3; t++) {
        int context = 100 * t;
        samples.add(turn(t, context, 5 + 0.01 * context + (c - 1) * 0.01, null));
      }
    }
    samples.add(turn(1, 100, 6.0, null));
    samples.add(turn(2, null, null, "HTTP 500: boom")); // a fourth conversation, ended at turn 2

    ConversationResult result = ConversationAnalysis.of(3, samples);
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
    List<SampleRecord> samples = List.of(turn(1, null, 5.0, null), turn(2, null, 6.0, null), turn(3, null, 7.0, null));
    ConversationResult.ContextFit fit = ConversationAnalysis.of(3, samples).contextFit();
    assertThat(fit.slopeMsPerToken()).isNull();
    assertThat(fit.r2()).isNull();
    assertThat(fit.notMeasured()).contains("no prompt token counts");
  }

  @Test
  void tooFewPointsForALineIsNotMeasuredAndSaysWhy() {
    List<SampleRecord> samples = List.of(turn(1, 100, 5.0, null), turn(2, 200, null, null));
    ConversationResult.ContextFit fit = ConversationAnalysis.of(2, samples).contextFit();
    assertThat(fit.notMeasured()).contains("a line needs 3 points at 2 lengths or more");
  }
}
