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
 * @param declarations the settings annotations on the member itself, before the class's are merged in
 * @param takesTurn a method taking the turn index of a {@code @Conversation}: {@code String next(int turn)}
 */
record PromptSource(
    Element element, AnnotationMirror mirror, AnnotationValue explicitName, String name,
    boolean method, boolean isStatic, boolean throwsChecked, Declarations declarations, boolean takesTurn) {}
