package dev.llmh.engine.discovery;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.engine.TestTag;

/**
 * A scenario class's JUnit {@link Tag}s (repeated, inherited or on a composed annotation, as Jupiter
 * reads them), exposed on its descriptors so that a tag filter — Surefire's {@code -Dgroups} and
 * {@code -DexcludedGroups}, the console launcher's {@code --include-tag} — selects scenarios.
 */
final class ScenarioTags {
  private ScenarioTags() {}

  /** The valid tags; an invalid one (blank, or with a reserved character) is in {@link #invalid}. */
  static Set<TestTag> of(Class<?> scenarioClass) {
    Set<TestTag> tags = new LinkedHashSet<>();
    for (Tag tag : AnnotationSupport.findRepeatableAnnotations(scenarioClass, Tag.class)) {
      if (TestTag.isValid(tag.value())) {
        tags.add(TestTag.create(tag.value()));
      }
    }
    return Set.copyOf(tags);
  }

  static List<String> invalid(Class<?> scenarioClass) {
    return AnnotationSupport.findRepeatableAnnotations(scenarioClass, Tag.class).stream()
        .map(Tag::value).filter(value -> !TestTag.isValid(value)).toList();
  }
}
