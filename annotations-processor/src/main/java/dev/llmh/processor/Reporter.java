package dev.llmh.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;

/**
 * Diagnostics placed as precisely as javac allows: on the element, the annotation and the value at
 * fault, so the IDE underlines what to change. It never stops at the first error; it counts them so
 * the processor can skip generating a runner for a class that has any.
 */
final class Reporter {
  private final Messager messager;
  private int errors;

  Reporter(Messager messager) {
    this.messager = messager;
  }

  void error(Element element, AnnotationMirror mirror, AnnotationValue value, String message) {
    errors++;
    messager.printMessage(Kind.ERROR, message, element, mirror, value);
  }

  void error(Element element, AnnotationMirror mirror, String message) {
    errors++;
    messager.printMessage(Kind.ERROR, message, element, mirror);
  }

  void error(Element element, String message) {
    errors++;
    messager.printMessage(Kind.ERROR, message, element);
  }

  void warning(Element element, AnnotationMirror mirror, String message) {
    messager.printMessage(Kind.WARNING, message, element, mirror);
  }

  /** Errors reported so far; compare before and after checking a class to see if it had any. */
  int errorCount() {
    return errors;
  }
}
