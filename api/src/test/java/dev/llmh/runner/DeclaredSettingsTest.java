package dev.llmh.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.annotations.PromptCache;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeclaredSettingsTest {

  @Test
  void aSettingNeverSetIsNotDeclared() {
    DeclaredSettings nothing = DeclaredSettings.builder().build();
    assertThat(nothing)
        .isEqualTo(new DeclaredSettings(new DeclaredSettings.Endpoint(null, null, null, null),
            new DeclaredSettings.Measurement(null, null, null, null, null, null), new DeclaredSettings.Sampling(null,
                null, null, null),
            new DeclaredSettings.Prompting(null, null, null), null, null, null));
    assertThat(nothing.constraints()).isEmpty();
  }

  @Test
  void eachSetterDeclaresItsOwnComponent() {
    // Every value differs from every other, so a setter wired to the wrong component shows.
    DeclaredSettings all = DeclaredSettings.builder()
        .endpointUrl("http://h/v1")
        .model("m")
        .warmupRequests(1)
        .measuredRequests(2)
        .temperature(0.5)
        .seed(3L)
        .maxTokens(4)
        .concurrency(List.of(5, 6))
        .constraints(List.of("ttft.p50 < 1s"))
        .api("openai-chat")
        .maxRequests(7)
        .promptCache(PromptCache.Mode.SHARED)
        .build();
    assertThat(all)
        .isEqualTo(new DeclaredSettings(new DeclaredSettings.Endpoint("http://h/v1", List.of("m"), "openai-chat", null),
            new DeclaredSettings.Measurement(1, 2, 7, List.of(5, 6), null, null),
            new DeclaredSettings.Sampling(0.5, 3L, 4, PromptCache.Mode.SHARED),
            new DeclaredSettings.Prompting(null, null, null), List.of("ttft.p50 < 1s"), null, null));
  }

  @Test
  void theDeploymentIsDeclaredByItsSetterAndKeptWithConversationTurns() {
    dev.llmh.config.DeploymentFacts facts = new dev.llmh.config.DeploymentFacts("EUR", 200.0, null, null,
        new dev.llmh.config.DeploymentFacts.Cost(null, null, null, null, null, 1.5), null);
    DeclaredSettings declared = DeclaredSettings.builder().maxTokens(4).deployment(facts).build();
    assertThat(declared.deployment()).isEqualTo(facts);
    assertThat(declared.withConversationTurns(3).deployment()).isEqualTo(facts);
    assertThat(DeclaredSettings.builder().build().deployment()).isNull();
  }

  @Test
  void oneModelOrSeveralDeclareTheModels() {
    assertThat(DeclaredSettings.builder().model("m").build().endpoint().models()).containsExactly("m");
    assertThat(DeclaredSettings.builder().models(List.of("a", "b")).build().endpoint().models()).containsExactly("a",
        "b");
    assertThat(DeclaredSettings.builder().build().endpoint().models()).isNull();
  }

  @Test
  void listsAreCopied() {
    List<Integer> levels = new ArrayList<>(List.of(1));
    DeclaredSettings settings = DeclaredSettings.builder().concurrency(levels).build();
    levels.add(2);
    assertThat(settings.measurement().concurrency()).containsExactly(1);
  }
}
