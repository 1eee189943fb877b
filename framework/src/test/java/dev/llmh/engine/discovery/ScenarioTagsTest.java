package dev.llmh.engine.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestTag;

/** The tags a scenario class carries, read as Jupiter reads a test class's. */
class ScenarioTagsTest {
  @Target(ElementType.TYPE)
  @Retention(RetentionPolicy.RUNTIME)
  @Tag("gpu")
  @interface OnGpu {}

  @Tag("small-models")
  @Tag("a b")
  @OnGpu
  static class Tagged {}

  static class Inheriting extends Tagged {}

  static class Untagged {}

  @Test
  void repeatedComposedAndInheritedTagsAreRead() {
    assertThat(ScenarioTags.of(Tagged.class)).containsExactlyInAnyOrder(TestTag.create("small-models"), TestTag.create("gpu"));
    assertThat(ScenarioTags.of(Inheriting.class)).containsExactlyInAnyOrder(TestTag.create("small-models"), TestTag.create("gpu"));
    assertThat(ScenarioTags.of(Untagged.class)).isEmpty();
  }

  @Test
  void aTagNoFilterCanNameIsSetApartForAWarning() {
    assertThat(ScenarioTags.invalid(Tagged.class)).containsExactly("a b");
    assertThat(ScenarioTags.invalid(Untagged.class)).isEmpty();
  }
}
