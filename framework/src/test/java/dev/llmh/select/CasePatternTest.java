package dev.llmh.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.config.ConfigException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CasePatternTest {

  @Test
  void commasInsideBracketsBelongToThePattern() {
    Selection selection = Selection.parse(" Translation#toGerman[concurrency=4, size=a] ,Summar*");
    assertThat(selection.patterns()).extracting(CasePattern::text)
        .containsExactly("Translation#toGerman[concurrency=4, size=a]", "Summar*");
    CasePattern first = selection.patterns().get(0);
    assertThat(first.scenario().text()).isEqualTo("Translation");
    assertThat(first.prompt()).map(Glob::text).contains("toGerman");
    assertThat(first.conditions()).containsOnlyKeys("concurrency", "size");
    assertThat(selection.patterns().get(1).prompt()).isEmpty();
    assertThat(selection.patterns().get(1).conditions()).isEmpty();
  }

  @Test
  void aClassIsMatchedOnItsSimpleNameUnlessThePatternHasADot() {
    CasePattern simple = CasePattern.parse("Trans*");
    assertThat(simple.matchesScenario("com.example.Translation")).isTrue();
    assertThat(simple.matchesScenario("com.example.Outer$Translation")).isTrue();
    assertThat(simple.matchesScenario("com.trans.Other")).isFalse();
    CasePattern qualified = CasePattern.parse("com.example.*");
    assertThat(qualified.matchesScenario("com.example.Translation")).isTrue();
    assertThat(qualified.matchesScenario("org.example.Translation")).isFalse();
    assertThat(CasePattern.parse("Translatio?").matchesScenario("x.Translation")).isTrue();
    assertThat(CasePattern.parse("Translatio?").matchesScenario("x.Translations")).isFalse();
  }

  @Test
  void globCharactersAreTheOnlyWildcards() {
    assertThat(Glob.of("a.b(c)*").matches("a.b(c)d")).isTrue();
    assertThat(Glob.of("a.b(c)*").matches("aXb(c)d")).isFalse();
  }

  @Test
  void malformedPatternsSayWhatToWrite() {
    for (String bad : List.of("Translation#toGerman[concurrency]", "#toGerman", "Translation]", "A,,B", "A#b#c", "A[x=1]#b")) {
      assertThatThrownBy(() -> Selection.parse(bad)).as(bad).isInstanceOf(ConfigException.class)
          .hasMessageContaining("llmh.select (LLMH_SELECT)");
    }
  }

  @Test
  void readFromPropertiesBeforeTheEnvironment() {
    Map<String, String> environment = Map.of("LLMH_SELECT", "FromEnv");
    assertThat(Selection.read(key -> Optional.of("FromProperty"), environment)).map(Selection::toString).contains("FromProperty");
    assertThat(Selection.read(key -> Optional.empty(), environment)).map(Selection::toString).contains("FromEnv");
    assertThat(Selection.read(key -> Optional.of(" "), Map.of())).isEmpty();
  }
}
