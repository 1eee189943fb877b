package dev.llmh.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.config.CompareConfig;
import dev.llmh.config.Config;
import dev.llmh.config.ConfigException;
import dev.llmh.config.Defaults;
import dev.llmh.runner.CompareDeclaration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** System property > environment > {@code @Compare} > the defaults, key by key. */
class CompareSetupTest {

  /** {@code @Compare(reference = "fp16", topK = 8)} as the processor reads it. */
  private static final CompareDeclaration DECLARED = new CompareDeclaration("fp16", "", 8, 0, null);

  /** The configuration of these system properties (or JUnit configuration parameters) and this environment. */
  private static CompareConfig config(Map<String, String> properties, Map<String, String> environment) {
    return Config.read(key -> Optional.ofNullable(properties.get(key)), environment).compare();
  }

  @Test
  void theAnnotationWithDefaultsForWhatItLeavesOut() {
    assertThat(CompareSetup.of(DECLARED, CompareConfig.NONE)).contains(new CompareSetup("fp16", null, 8, 0, null));
    assertThat(CompareSetup.of(new CompareDeclaration("fp16", "http://ref:8000/v1", 0, 24, null), CompareConfig.NONE))
        .contains(new CompareSetup("fp16", "http://ref:8000/v1", Defaults.COMPARE_TOP_K, 24, null));
  }

  @Test
  void configurationOverridesItKeyByKey() {
    CompareConfig configured = config(Map.of("llmh.compare.reference", "bf16", "llmh.compare.endpoint", "http://ref:8000/v1",
        "llmh.compare.tokens", "64"), Map.of());
    assertThat(CompareSetup.of(DECLARED, configured)).contains(new CompareSetup("bf16", "http://ref:8000/v1", 8, 64, null));
    CompareConfig calibrated = config(Map.of("llmh.compare.text", " wiki.txt "), Map.of());
    assertThat(CompareSetup.of(new CompareDeclaration("fp16", "", 8, 0, "declared.txt"), calibrated))
        .contains(new CompareSetup("fp16", null, 8, 0, "wiki.txt"));
    assertThat(CompareSetup.of(new CompareDeclaration("fp16", "", 8, 0, "declared.txt"), CompareConfig.NONE))
        .contains(new CompareSetup("fp16", null, 8, 0, "declared.txt"));
  }

  @Test
  void aSystemPropertyBeatsTheEnvironmentWhichBeatsTheAnnotation() {
    Map<String, String> env = Map.of("LLMH_COMPARE_REFERENCE", "from-env", "LLMH_COMPARE_TOP_K", "3", "LLMH_COMPARE_TOKENS", "16");
    CompareConfig configured = config(Map.of("llmh.compare.reference", "from-property", "llmh.compare.tokens", "32"), env);
    assertThat(configured).isEqualTo(new CompareConfig(Optional.of("from-property"), Optional.empty(), Optional.of(3), Optional.of(32), Optional.empty()));
    assertThat(CompareSetup.of(DECLARED, configured)).contains(new CompareSetup("from-property", null, 3, 32, null));
    assertThat(CompareSetup.of(DECLARED, config(Map.of(), env))).contains(new CompareSetup("from-env", null, 3, 16, null));
    assertThat(config(Map.of(), Map.of())).isEqualTo(CompareConfig.NONE);
  }

  @Test
  void configurationAloneAsksForAComparison() {
    assertThat(CompareSetup.of(null, CompareConfig.NONE)).isEmpty();
    assertThat(CompareSetup.of(null, config(Map.of("llmh.compare.reference", "fp16"), Map.of())))
        .contains(new CompareSetup("fp16", null, Defaults.COMPARE_TOP_K, 0, null));
  }

  @Test
  void aTopKThatIsNoWholeNumberIsRefused() {
    assertThatThrownBy(() -> config(Map.of("llmh.compare.topK", "many"), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.compare.topK");
    assertThatThrownBy(() -> config(Map.of(), Map.of("LLMH_COMPARE_TOP_K", "21")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.compare.topK (LLMH_COMPARE_TOP_K) must be at most 20");
    assertThatThrownBy(() -> config(Map.of("llmh.compare.tokens", "0"), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.compare.tokens");
  }

  @Test
  void credentialsInTheReferencesUrlAreRefused() {
    assertThatThrownBy(() -> config(Map.of("llmh.compare.endpoint", "http://u:p@ref:8000/v1"), Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("llmh.compare.endpoint (LLMH_COMPARE_ENDPOINT) carries user:password@")
        .hasMessageNotContaining("u:p");
  }
}
