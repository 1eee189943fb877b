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
        .isEqualTo(new DeclaredSettings(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null));
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
        .isEqualTo(new DeclaredSettings("http://h/v1", List.of("m"), 1, 2, 0.5, 3L, 4, List.of(5, 6), List.of("ttft.p50 < 1s"),
            "openai-chat", 7, null, null, null, null, PromptCache.Mode.SHARED, null, null, null, null));
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
    assertThat(DeclaredSettings.builder().model("m").build().models()).containsExactly("m");
    assertThat(DeclaredSettings.builder().models(List.of("a", "b")).build().models()).containsExactly("a", "b");
    assertThat(DeclaredSettings.builder().build().models()).isNull();
  }

  @Test
  void listsAreCopied() {
    List<Integer> levels = new ArrayList<>(List.of(1));
    DeclaredSettings settings = DeclaredSettings.builder().concurrency(levels).build();
    levels.add(2);
    assertThat(settings.concurrency()).containsExactly(1);
  }
}
