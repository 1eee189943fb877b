package dev.llmh.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.annotations.Compare;
import dev.llmh.config.ConfigException;
import dev.llmh.config.ConfigKey;
import dev.llmh.config.Defaults;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Configuration over {@code @Compare} over the defaults, key by key. */
class CompareSetupTest {

  @Compare(reference = "fp16", topK = 8)
  static class Declared {}

  static class Undeclared {}

  private static Optional<CompareSetup> of(Class<?> scenario, Map<ConfigKey, String> config) {
    return CompareSetup.of(scenario, key -> Optional.ofNullable(config.get(key)));
  }

  @Test
  void theAnnotationWithDefaultsForWhatItLeavesOut() {
    assertThat(of(Declared.class, Map.of())).contains(new CompareSetup("fp16", null, 8, 0));
  }

  @Test
  void configurationOverridesItKeyByKey() {
    assertThat(of(Declared.class, Map.of(ConfigKey.COMPARE_REFERENCE, "bf16", ConfigKey.COMPARE_ENDPOINT, "http://ref:8000/v1",
        ConfigKey.COMPARE_TOKENS, "64")))
        .contains(new CompareSetup("bf16", "http://ref:8000/v1", 8, 64));
  }

  @Test
  void configurationAloneAsksForAComparison() {
    assertThat(of(Undeclared.class, Map.of())).isEmpty();
    assertThat(of(Undeclared.class, Map.of(ConfigKey.COMPARE_REFERENCE, "fp16")))
        .contains(new CompareSetup("fp16", null, Defaults.COMPARE_TOP_K, 0));
  }

  @Test
  void aTopKThatIsNoWholeNumberIsRefused() {
    assertThatThrownBy(() -> of(Declared.class, Map.of(ConfigKey.COMPARE_TOP_K, "many")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.compare.topK");
  }
}
