package dev.llmh.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;

/**
 * The checks a {@code @Prompt} and a {@code @SystemPrompt} member share: the generated runner reads
 * the member's text directly, so it must not be private, and a method must return String.
 */
record TextMemberChecks(JavaTypes javaTypes, Reporter reporter) {

  /** Reports a private member; {@code label} names it in the message, e.g. {@code @Prompt 'define'}. */
  void reportIfPrivate(Element member, AnnotationMirror annotation, String label) {
    if (member.getModifiers().contains(Modifier.PRIVATE)) {
      reporter.error(member, annotation,
          label + " is private; make it package-private (or public) so the generated runner can read it without "
              + "reflection");
    }
  }

  /**
   * Reports a method that does not return String; {@code annotationName} and {@code name} name it in
   * the message, and {@code whatTheTextIs} ends it (e.g. "the text sent to the model").
   */
  void reportUnlessReturnsString(
      ExecutableElement method, AnnotationMirror annotation, String annotationName, String name, String whatTheTextIs) {
    if (!javaTypes.isString(method.getReturnType())) {
      reporter.error(method, annotation,
          annotationName + " method " + name + "() returns " + method.getReturnType() + "; make it return String, "
              + whatTheTextIs);
    }
  }
}
