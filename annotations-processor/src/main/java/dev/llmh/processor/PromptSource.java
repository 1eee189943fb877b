package dev.llmh.processor;

import dev.llmh.processor.generator.Declarations;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * A checked {@code @Prompt} member while its scenario is being read. The element, the mirror and the
 * explicit name stay so that later checks (duplicate names, request-count warnings) can point at it.
 *
 * @param explicitName the {@code @Prompt(name)} value as written, or null when it was left out
 * @param name the case name: {@code @Prompt(name)}, else the member's name
 * @param access how the runner reads the member
 * @param declarations the settings annotations on the member itself, before the class's are merged in
 */
record PromptSource(
    Element element, AnnotationMirror mirror, AnnotationValue explicitName, String name, Access access,
    Declarations declarations) {

  /**
   * How the runner reads a {@code @Prompt} member.
   *
   * @param method a method rather than a field
   * @param isStatic read through the type rather than an instance
   * @param throwsChecked the method declares checked exceptions, which the runner wraps
   * @param takesTurn a method taking the turn index of a {@code @Conversation}: {@code String next(int turn)}
   */
  record Access(boolean method, boolean isStatic, boolean throwsChecked, boolean takesTurn) {}
}
