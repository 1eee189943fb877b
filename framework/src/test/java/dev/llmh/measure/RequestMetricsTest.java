package dev.llmh.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RequestMetricsTest {
  private static final long MS = 1_000_000;

  @Test
  void derivesTtftTpotE2eAndGapsFromChunkTimes() {
    RequestSample sample = new RequestSample(1000 * MS, List.of(1100 * MS, 1120 * MS, 1150 * MS, 1160 * MS), 1170 * MS, 12, 4, "length", "m", null);
    RequestMetrics m = RequestMetrics.of(sample);
    assertThat(m.ttftMs()).isCloseTo(100, within(1e-9));
    assertThat(m.e2eMs()).isCloseTo(160, within(1e-9));
    assertThat(m.tpotMs()).isCloseTo(20, within(1e-9)); // (160 - 100) / (4 - 1)
    assertThat(m.itlMs()).containsExactly(20.0, 30.0, 10.0);
    assertThat(m.outputTokens()).isEqualTo(4);
    assertThat(m.flags()).isEmpty();
  }

  @Test
  void usageBeatsChunkCountWhenChunksCarrySeveralTokens() {
    RequestSample sample = new RequestSample(0, List.of(10 * MS, 30 * MS), 31 * MS, null, 5, "stop", "m", null);
    RequestMetrics m = RequestMetrics.of(sample);
    assertThat(m.outputTokens()).isEqualTo(5);
    assertThat(m.tpotMs()).isCloseTo(5, within(1e-9)); // 20 ms over 4 token gaps
    assertThat(m.itlMs()).containsExactly(20.0);
  }

  @Test
  void withoutUsageTheChunkCountIsAnEstimateAndFlagged() {
    RequestMetrics m = RequestMetrics.of(new RequestSample(0, List.of(10 * MS, 20 * MS, 30 * MS), 31 * MS, null, null, "stop", "m", null));
    assertThat(m.outputTokens()).isEqualTo(3);
    assertThat(m.tokensEstimated()).isTrue();
    assertThat(m.flags()).containsExactly(RequestMetrics.FLAG_ESTIMATED_TOKENS);
  }

  @Test
  void tpotNeedsTwoTokens() {
    RequestMetrics one = RequestMetrics.of(new RequestSample(0, List.of(10 * MS), 11 * MS, 3, 1, "length", "m", null));
    assertThat(one.ttftMs()).isCloseTo(10, within(1e-9));
    assertThat(one.tpotMs()).isNaN();
    RequestMetrics none = RequestMetrics.of(new RequestSample(0, List.of(), 11 * MS, 3, 0, "stop", "m", null));
    assertThat(none.ttftMs()).isNaN();
    assertThat(none.flags()).contains(RequestMetrics.FLAG_NO_TEXT);
  }

  @Test
  void reasoningCountsForTtftAndTheAnswerForTtfo() {
    RequestSample sample = new RequestSample(0, List.of(10 * MS, 20 * MS, 30 * MS), 31 * MS, 3, 3, "stop", "m", null,
        30 * MS, 2, List.of(), java.util.Map.of(), 0, -1, null, false, null);
    RequestMetrics m = RequestMetrics.of(sample);
    assertThat(m.ttftMs()).isCloseTo(10, within(1e-9));
    assertThat(m.ttfoMs()).isCloseTo(30, within(1e-9));
    assertThat(m.itlTokenMs()).containsExactly(10.0, 10.0);
    assertThat(m.flags()).isEmpty();
    RequestMetrics reasoningOnly = RequestMetrics.of(new RequestSample(0, List.of(10 * MS, 20 * MS), 21 * MS, 3, 2,
        "length", "m", null, null, 2, List.of(), java.util.Map.of(), 0, -1, null, false, null));
    assertThat(reasoningOnly.noAnswer()).isTrue();
    assertThat(reasoningOnly.flags()).containsExactly(RequestMetrics.FLAG_NO_ANSWER);
  }

  @Test
  void perTokenItlNeedsPerChunkCountsAndAModelLoadIsFlagged() {
    RequestSample twoPerChunk = new RequestSample(0, List.of(10 * MS, 30 * MS), 31 * MS, 3, 4, "stop", "m", null,
        10 * MS, 0, List.of(), java.util.Map.of("load_ms", 51.0), 0, -1, null, false, null);
    RequestMetrics unknown = RequestMetrics.of(twoPerChunk);
    assertThat(unknown.itlTokenMs()).isNull();
    assertThat(unknown.flags()).containsExactly(RequestMetrics.FLAG_USAGE_CHUNK_MISMATCH, RequestMetrics.FLAG_MODEL_LOAD);
    RequestMetrics known = RequestMetrics.of(new RequestSample(0, List.of(10 * MS, 30 * MS), 31 * MS, 3, 4, "stop", "m",
        null, 10 * MS, 0, List.of(2, 2), java.util.Map.of("load_ms", 3.0), 0, -1, null, false, null));
    assertThat(known.itlTokenMs()).containsExactly(10.0, 10.0);
    assertThat(known.modelLoad()).isFalse();
  }

  /** A sample as the client records it: {@code textBytes} of text over the chunks, {@code maxTokens} asked. */
  private static RequestSample counted(int chunks, Integer usage, long textBytes, int maxTokens, boolean replacement) {
    List<Long> times = new java.util.ArrayList<>();
    for (int k = 0; k < chunks; k++) {
      times.add((10 + 10L * k) * MS);
    }
    return new RequestSample(0, times, (11 + 10L * chunks) * MS, 5, usage, "stop", "m", null, times.get(0), 0, List.of(),
        java.util.Map.of(), maxTokens, textBytes, null, replacement, null);
  }

  @Test
  void usageTheTextCannotHoldIsFlaggedAndTheChunkCountUsedInstead() {
    // 400 tokens claimed for 8 chunks carrying 24 bytes: no tokenizer makes a token of less than a byte.
    RequestMetrics m = RequestMetrics.of(counted(8, 400, 24, 512, false));
    assertThat(m.usageImplausible()).isTrue();
    assertThat(m.outputTokens()).isEqualTo(8);
    assertThat(m.tpotMs()).isCloseTo(10, within(1e-9)); // 70 ms over 7 chunk gaps, not over 399 tokens
    assertThat(m.itlTokenMs()).isNull();
    assertThat(m.flags()).contains(RequestMetrics.FLAG_USAGE_IMPLAUSIBLE).doesNotContain(RequestMetrics.FLAG_USAGE_CHUNK_MISMATCH);
  }

  @Test
  void usageWithinWhatTheTextHoldsIsTrusted() {
    // 24 bytes can hold 24 tokens, and a few special tokens come without text.
    RequestMetrics m = RequestMetrics.of(counted(8, 24 + RequestMetrics.SPECIAL_TOKENS, 24, 512, false));
    assertThat(m.usageImplausible()).isFalse();
    assertThat(m.outputTokens()).isEqualTo(24 + RequestMetrics.SPECIAL_TOKENS);
    assertThat(RequestMetrics.of(counted(8, 25 + RequestMetrics.SPECIAL_TOKENS, 24, 512, false)).usageImplausible()).isTrue();
  }

  @Test
  void reasoningTheServerCountedButDidNotStreamIsAllowedFor() {
    List<Long> times = List.of(10 * MS, 20 * MS);
    RequestSample hidden = new RequestSample(0, times, 30 * MS, 5, 300, "stop", "m", null, 10 * MS, 0, List.of(),
        java.util.Map.of(), 512, 10, 290, false, null);
    assertThat(RequestMetrics.of(hidden).usageImplausible()).isFalse();
  }

  @Test
  void moreThanMaxTokensIsFlagged() {
    assertThat(RequestMetrics.of(counted(9, 9, 40, 8, false)).flags()).contains(RequestMetrics.FLAG_EXCEEDS_MAX_TOKENS);
    assertThat(RequestMetrics.of(counted(9, null, 40, 8, false)).exceedsMaxTokens()).isTrue();
    assertThat(RequestMetrics.of(counted(8, 8, 40, 8, false)).exceedsMaxTokens()).isFalse();
  }

  @Test
  void replacementCharactersAreFlaggedInvalidUtf8() {
    assertThat(RequestMetrics.of(counted(3, 3, 9, 8, true)).flags()).contains(RequestMetrics.FLAG_INVALID_UTF8);
    assertThat(RequestMetrics.of(counted(3, 3, 9, 8, false)).flags()).doesNotContain(RequestMetrics.FLAG_INVALID_UTF8);
  }
}
