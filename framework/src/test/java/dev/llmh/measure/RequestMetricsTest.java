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
        30 * MS, 2, List.of(), java.util.Map.of());
    RequestMetrics m = RequestMetrics.of(sample);
    assertThat(m.ttftMs()).isCloseTo(10, within(1e-9));
    assertThat(m.ttfoMs()).isCloseTo(30, within(1e-9));
    assertThat(m.itlTokenMs()).containsExactly(10.0, 10.0);
    assertThat(m.flags()).isEmpty();
    RequestMetrics reasoningOnly = RequestMetrics.of(new RequestSample(0, List.of(10 * MS, 20 * MS), 21 * MS, 3, 2,
        "length", "m", null, null, 2, List.of(), java.util.Map.of()));
    assertThat(reasoningOnly.noAnswer()).isTrue();
    assertThat(reasoningOnly.flags()).containsExactly(RequestMetrics.FLAG_NO_ANSWER);
  }

  @Test
  void perTokenItlNeedsPerChunkCountsAndAModelLoadIsFlagged() {
    RequestSample twoPerChunk = new RequestSample(0, List.of(10 * MS, 30 * MS), 31 * MS, 3, 4, "stop", "m", null,
        10 * MS, 0, List.of(), java.util.Map.of("load_ms", 51.0));
    RequestMetrics unknown = RequestMetrics.of(twoPerChunk);
    assertThat(unknown.itlTokenMs()).isNull();
    assertThat(unknown.flags()).containsExactly(RequestMetrics.FLAG_USAGE_CHUNK_MISMATCH, RequestMetrics.FLAG_MODEL_LOAD);
    RequestMetrics known = RequestMetrics.of(new RequestSample(0, List.of(10 * MS, 30 * MS), 31 * MS, 3, 4, "stop", "m",
        null, 10 * MS, 0, List.of(2, 2), java.util.Map.of("load_ms", 3.0)));
    assertThat(known.itlTokenMs()).containsExactly(10.0, 10.0);
    assertThat(known.modelLoad()).isFalse();
  }
}
