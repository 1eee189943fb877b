package dev.llmh.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SimTokenizerAndSettingsTest {

  @Test
  void countsWordRunsAndEachOtherNonSpaceCharacter() {
    assertThat(SimTokenizer.countTokens("Hello, world!")).isEqualTo(4);
    assertThat(SimTokenizer.countTokens("  café au-lait  ")).isEqualTo(4); // café, au, -, lait
    assertThat(SimTokenizer.countTokens("word ".repeat(300))).isEqualTo(300);
    assertThat(SimTokenizer.countTokens("")).isZero();
    assertThat(SimTokenizer.countTokens(null)).isZero();
  }

  @Test
  void outputTokensAreOneTokenEachAndDependOnlyOnSeedAndIndex() {
    String text = SimTokenizer.outputText(9, 0, 50);
    assertThat(SimTokenizer.countTokens(text)).isEqualTo(50);
    assertThat(text).startsWith(" ").isEqualTo(SimTokenizer.outputText(9, 0, 20) + SimTokenizer.outputText(9, 20, 50));
    assertThat(SimTokenizer.outputText(10, 0, 50)).isNotEqualTo(text);
  }

  @Test
  void settingsValidateAndDeriveTheSchedule() {
    SimulatorSettings s = SimulatorSettings.defaults().withDecodeTokensPerSecond(50).withTokensPerChunk(2)
        .withPrefillTokensPerSecond(1000);
    assertThat(s.chunkGapNanos()).isEqualTo(40_000_000L);
    assertThat(s.chunkGapNanos(1000)).isEqualTo(40_000_000L); // decode independent of the context by default
    // 10 us more per token of context: 2 tokens per chunk at 1,000 tokens of context take 20 ms longer
    assertThat(s.withDecodeSlowdownPerContextToken(java.time.Duration.ofNanos(10_000)).chunkGapNanos(1000)).isEqualTo(60_000_000L);
    assertThat(s.prefillNanos(300)).isEqualTo(300_000_000L);
    assertThat(s.withInstantPrefill().prefillNanos(300)).isZero();
    assertThat(s.modelId()).isEqualTo("llmh-sim");
    assertThat(s.output().naturalLength()).isEqualTo(SimulatorSettings.UNLIMITED);
    assertThatThrownBy(() -> s.withSlots(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("slots");
    assertThatThrownBy(() -> s.withDecodeTokensPerSecond(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> s.withFirstTokenDelay(Duration.ofMillis(-1))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> s.withDecodeSlowdownPerContextToken(Duration.ofNanos(-1))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> s.withTokensPerChunk(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
