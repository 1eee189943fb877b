package dev.llmh.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.annotations.PromptCache;
import org.junit.jupiter.api.Test;

class PromptMarkerTest {

  @Test
  void uniqueMarksTheVeryStartOfWhatTheServerPrefills() {
    PromptMarker marker = new PromptMarker();
    PromptMarker.Texts withSystem = marker.apply(PromptCache.Mode.UNIQUE, "Be brief.", "Define latency.");
    assertThat(withSystem.system()).matches("\\[[0-9a-f]{8}-1] Be brief\\.");
    assertThat(withSystem.prompt()).isEqualTo("Define latency.");
    PromptMarker.Texts alone = marker.apply(PromptCache.Mode.UNIQUE, null, "Define latency.");
    assertThat(alone.system()).isNull();
    assertThat(alone.prompt()).matches("\\[[0-9a-f]{8}-2] Define latency\\.");
    assertThat(PromptMarker.recorded(PromptCache.Mode.UNIQUE)).isEqualTo("unique-prefix");
  }

  @Test
  void sharedKeepsEverythingByteIdenticalUpToAMarkerEndingTheUserText() {
    PromptMarker marker = new PromptMarker();
    PromptMarker.Texts first = marker.apply(PromptCache.Mode.SHARED, "Be brief.", "Define latency.");
    PromptMarker.Texts second = marker.apply(PromptCache.Mode.SHARED, "Be brief.", "Define latency.");
    assertThat(first.system()).isEqualTo("Be brief.").isEqualTo(second.system());
    assertThat(first.prompt()).startsWith("Define latency. [").endsWith("-1]");
    assertThat(second.prompt()).startsWith("Define latency. [").endsWith("-2]");
    assertThat(PromptMarker.recorded(PromptCache.Mode.SHARED)).isEqualTo("shared-prefix");
  }

  @Test
  void unmarkedGivesBackThePromptAsWrittenWhereverTheMarkerWent() {
    PromptMarker marker = new PromptMarker();
    for (PromptCache.Mode mode : PromptCache.Mode.values()) {
      assertThat(PromptMarker.unmarked(marker.apply(mode, null, "What is 3 + 4?").prompt())).isEqualTo("What is 3 + 4?");
    }
    assertThat(PromptMarker.unmarked("[not a marker] What is [3] + 4?")).isEqualTo("[not a marker] What is [3] + 4?");
    assertThat(PromptMarker.unmarked(null)).isNull();
  }
}
