package dev.llmh.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Reads annotations as mirrors rather than with {@code getAnnotation}: a mirror and its values are
 * what {@link javax.annotation.processing.Messager} needs to point at the offending text.
 *
 * <p>Values are type-checked before use because javac still runs processors on code with errors,
 * where an attribute can hold an error placeholder instead of, say, an Integer.
 */
final class Annotations {
  private final Elements elements;

  Annotations(Elements elements) {
    this.elements = elements;
  }

  static Optional<AnnotationMirror> find(Element element, Class<?> annotation) {
    String name = annotation.getCanonicalName();
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      if (nameOf(mirror).equals(name)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  static String nameOf(AnnotationMirror mirror) {
    return ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
  }

  /** The attribute's value as written, or its default. */
  AnnotationValue value(AnnotationMirror mirror, String attribute) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(mirror).entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(attribute)) {
        return entry.getValue();
      }
    }
    throw new IllegalArgumentException("no attribute " + attribute + " on " + mirror);
  }

  /** The attribute's value only if the user wrote it: defaults are no declaration. */
  static Optional<AnnotationValue> explicitValue(AnnotationMirror mirror, String attribute) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        mirror.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(attribute)) {
        return Optional.of(entry.getValue());
      }
    }
    return Optional.empty();
  }

  static Optional<Integer> asInt(AnnotationValue value) {
    return value.getValue() instanceof Integer i ? Optional.of(i) : Optional.empty();
  }

  static Optional<String> asString(AnnotationValue value) {
    return value.getValue() instanceof String s ? Optional.of(s) : Optional.empty();
  }

  /** The elements of an array attribute; javac also hands a single unbraced value over as a list. */
  static List<AnnotationValue> asList(AnnotationValue value) {
    List<AnnotationValue> out = new ArrayList<>();
    if (value.getValue() instanceof List<?> list) {
      for (Object item : list) {
        if (item instanceof AnnotationValue v) {
          out.add(v);
        }
      }
    }
    return out;
  }

  static Optional<AnnotationMirror> asAnnotation(AnnotationValue value) {
    return value.getValue() instanceof AnnotationMirror m ? Optional.of(m) : Optional.empty();
  }
}
