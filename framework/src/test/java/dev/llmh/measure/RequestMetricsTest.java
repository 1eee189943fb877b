package dev.llmh.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RequestMetricsTest {
  private static final long MS = 1_000_000;

  @Test
  void derivesTtftTpotE2eAndGapsFromChunkTimes() {
    RequestSample sample = RequestSample.builder(1000 * MS, List.of(1100 * MS, 1120 * MS, 1150 * MS, 1160 * MS), 1170 * MS)
        .promptTokens(12).usageOutputTokens(4).finishReason("length").servedModel("m").build();
    RequestMetrics m = RequestMetrics.of(sample);
    assertThat(m.latency().ttftMs()).isCloseTo(100, within(1e-9));
    assertThat(m.latency().e2eMs()).isCloseTo(160, within(1e-9));
    assertThat(m.latency().tpotMs()).isCloseTo(20, within(1e-9)); // (160 - 100) / (4 - 1)
    assertThat(m.latency().itlMs()).containsExactly(20.0, 30.0, 10.0);
    assertThat(m.counts().outputTokens()).isEqualTo(4);
    assertThat(m.flags()).isEmpty();
  }

  @Test
  void usageBeatsChunkCountWhenChunksCarrySeveralTokens() {
    RequestSample sample = RequestSample.builder(0, List.of(10 * MS, 30 * MS), 31 * MS).usageOutputTokens(5)
        .finishReason("stop").servedModel("m").build();
    RequestMetrics m = RequestMetrics.of(sample);
    assertThat(m.counts().outputTokens()).isEqualTo(5);
    assertThat(m.latency().tpotMs()).isCloseTo(5, within(1e-9)); // 20 ms over 4 token gaps
    assertThat(m.latency().itlMs()).containsExactly(20.0);
  }

  @Test
  void withoutUsageTheChunkCountIsAnEstimateAndFlagged() {
    RequestMetrics m = RequestMetrics.of(RequestSample.builder(0, List.of(10 * MS, 20 * MS, 30 * MS), 31 * MS)
        .finishReason("stop").servedModel("m").build());
    assertThat(m.counts().outputTokens()).isEqualTo(3);
    assertThat(m.counts().tokensEstimated()).isTrue();
    assertThat(m.flags()).containsExactly(RequestMetrics.FLAG_ESTIMATED_TOKENS);
  }

  @Test
  void tpotNeedsTwoTokens() {
    RequestMetrics one = RequestMetrics.of(RequestSample.builder(0, List.of(10 * MS), 11 * MS).promptTokens(3)
        .usageOutputTokens(1).finishReason("length").servedModel("m").build());
    assertThat(one.latency().ttftMs()).isCloseTo(10, within(1e-9));
    assertThat(one.latency().tpotMs()).isNaN();
    RequestMetrics none = RequestMetrics.of(RequestSample.builder(0, List.of(), 11 * MS).promptTokens(3)
        .usageOutputTokens(0).finishReason("stop").servedModel("m").build());
    assertThat(none.latency().ttftMs()).isNaN();
    assertThat(none.flags()).contains(RequestMetrics.FLAG_NO_TEXT);
  }

  @Test
  void oneChunkCarryingTheWholeAnswerHidesItsDecodeSoTpotAndPrefillAreNotMeasured() {
    // a tool call of 43 tokens sent whole, as llama.cpp's server sends one: 200 ms of which ~15 were prefill
    RequestMetrics whole = RequestMetrics.of(RequestSample.builder(0, List.of(200 * MS), 201 * MS).promptTokens(54)
        .usageOutputTokens(43).textBytes(11 + 17 + 52).finishReason("tool_calls").servedModel("m").build());
    assertThat(whole.counts().outputTokens()).isEqualTo(43);
    assertThat(whole.latency().ttftMs()).isCloseTo(200, within(1e-9));
    assertThat(whole.latency().tpotMs()).isNaN();
    assertThat(whole.decodeRate()).isNaN();
    assertThat(whole.prefillRate()).isNaN();
    // one token in one chunk: its TTFT is the prefill
    RequestMetrics one = RequestMetrics.of(RequestSample.builder(0, List.of(10 * MS), 11 * MS).promptTokens(50)
        .usageOutputTokens(1).finishReason("length").servedModel("m").build());
    assertThat(one.prefillRate()).isCloseTo(5000, within(1e-6));
  }

  @Test
  void reasoningCountsForTtftAndTheAnswerForTtfo() {
    RequestSample sample = RequestSample.builder(0, List.of(10 * MS, 20 * MS, 30 * MS), 31 * MS).promptTokens(3)
        .usageOutputTokens(3).finishReason("stop").servedModel("m").firstAnswerNanos(30 * MS).reasoningChunks(2)
        .serverTimings(java.util.Map.of()).build();
    RequestMetrics m = RequestMetrics.of(sample);
    assertThat(m.latency().ttftMs()).isCloseTo(10, within(1e-9));
    assertThat(m.latency().ttfoMs()).isCloseTo(30, within(1e-9));
    assertThat(m.latency().itlTokenMs()).containsExactly(10.0, 10.0);
    assertThat(m.flags()).isEmpty();
    RequestMetrics reasoningOnly = RequestMetrics.of(RequestSample.builder(0, List.of(10 * MS, 20 * MS), 21 * MS)
        .promptTokens(3).usageOutputTokens(2).finishReason("length").servedModel("m").firstAnswerNanos(null)
        .reasoningChunks(2).serverTimings(java.util.Map.of()).build());
    assertThat(reasoningOnly.noAnswer()).isTrue();
    assertThat(reasoningOnly.flags()).containsExactly(RequestMetrics.FLAG_NO_ANSWER);
  }

  @Test
  void perTokenItlNeedsPerChunkCountsAndAModelLoadIsFlagged() {
    RequestSample twoPerChunk = RequestSample.builder(0, List.of(10 * MS, 30 * MS), 31 * MS).promptTokens(3)
        .usageOutputTokens(4).finishReason("stop").servedModel("m").firstAnswerNanos(10 * MS)
        .serverTimings(java.util.Map.of("load_ms", 51.0)).build();
    RequestMetrics unknown = RequestMetrics.of(twoPerChunk);
    assertThat(unknown.latency().itlTokenMs()).isNull();
    assertThat(unknown.flags()).containsExactly(RequestMetrics.FLAG_USAGE_CHUNK_MISMATCH, RequestMetrics.FLAG_MODEL_LOAD);
    RequestMetrics known = RequestMetrics.of(RequestSample.builder(0, List.of(10 * MS, 30 * MS), 31 * MS)
        .promptTokens(3).usageOutputTokens(4).finishReason("stop").servedModel("m").firstAnswerNanos(10 * MS)
        .chunkTokens(List.of(2, 2)).serverTimings(java.util.Map.of("load_ms", 3.0)).build());
    assertThat(known.latency().itlTokenMs()).containsExactly(10.0, 10.0);
    assertThat(known.caveats().modelLoad()).isFalse();
  }

  /** A sample as the client records it: {@code textBytes} of text over the chunks, {@code maxTokens} asked. */
  private static RequestSample counted(int chunks, Integer usage, long textBytes, int maxTokens, boolean replacement) {
    List<Long> times = new java.util.ArrayList<>();
    for (int k = 0; k < chunks; k++) {
      times.add((10 + 10L * k) * MS);
    }
    return RequestSample.builder(0, times, (11 + 10L * chunks) * MS).promptTokens(5).usageOutputTokens(usage)
        .finishReason("stop").servedModel("m").firstAnswerNanos(times.get(0)).serverTimings(java.util.Map.of())
        .maxTokens(maxTokens).textBytes(textBytes).replacementCharacters(replacement).build();
  }

  @Test
  void usageTheTextCannotHoldIsFlaggedAndTheChunkCountUsedInstead() {
    // 400 tokens claimed for 8 chunks carrying 24 bytes: no tokenizer makes a token of less than a byte.
    RequestMetrics m = RequestMetrics.of(counted(8, 400, 24, 512, false));
    assertThat(m.caveats().usageImplausible()).isTrue();
    assertThat(m.counts().outputTokens()).isEqualTo(8);
    assertThat(m.latency().tpotMs()).isCloseTo(10, within(1e-9)); // 70 ms over 7 chunk gaps, not over 399 tokens
    assertThat(m.latency().itlTokenMs()).isNull();
    assertThat(m.flags()).contains(RequestMetrics.FLAG_USAGE_IMPLAUSIBLE).doesNotContain(RequestMetrics.FLAG_USAGE_CHUNK_MISMATCH);
  }

  @Test
  void usageWithinWhatTheTextHoldsIsTrusted() {
    // 24 bytes can hold 24 tokens, and a few special tokens come without text.
    RequestMetrics m = RequestMetrics.of(counted(8, 24 + RequestMetrics.SPECIAL_TOKENS, 24, 512, false));
    assertThat(m.caveats().usageImplausible()).isFalse();
    assertThat(m.counts().outputTokens()).isEqualTo(24 + RequestMetrics.SPECIAL_TOKENS);
    assertThat(RequestMetrics.of(counted(8, 25 + RequestMetrics.SPECIAL_TOKENS, 24, 512, false)).caveats().usageImplausible()).isTrue();
  }

  @Test
  void reasoningTheServerCountedButDidNotStreamIsAllowedFor() {
    List<Long> times = List.of(10 * MS, 20 * MS);
    RequestSample hidden = RequestSample.builder(0, times, 30 * MS).promptTokens(5).usageOutputTokens(300)
        .finishReason("stop").servedModel("m").firstAnswerNanos(10 * MS).serverTimings(java.util.Map.of())
        .maxTokens(512).textBytes(10).hiddenReasoningTokens(290).build();
    assertThat(RequestMetrics.of(hidden).caveats().usageImplausible()).isFalse();
  }

  @Test
  void moreThanMaxTokensIsFlagged() {
    assertThat(RequestMetrics.of(counted(9, 9, 40, 8, false)).flags()).contains(RequestMetrics.FLAG_EXCEEDS_MAX_TOKENS);
    assertThat(RequestMetrics.of(counted(9, null, 40, 8, false)).caveats().exceedsMaxTokens()).isTrue();
    assertThat(RequestMetrics.of(counted(8, 8, 40, 8, false)).caveats().exceedsMaxTokens()).isFalse();
  }

  @Test
  void replacementCharactersAreFlaggedInvalidUtf8() {
    assertThat(RequestMetrics.of(counted(3, 3, 9, 8, true)).flags()).contains(RequestMetrics.FLAG_INVALID_UTF8);
    assertThat(RequestMetrics.of(counted(3, 3, 9, 8, false)).flags()).doesNotContain(RequestMetrics.FLAG_INVALID_UTF8);
  }
}
