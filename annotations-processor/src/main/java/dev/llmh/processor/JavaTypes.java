package dev.llmh.processor;

import java.util.List;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** The few questions about Java types the checks ask, answered with javac's own type utilities. */
final class JavaTypes {
  private final Elements elements;
  private final Types types;

  JavaTypes(ProcessingEnvironment env) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
  }

  boolean isString(TypeMirror type) {
    return types.isSameType(type, elements.getTypeElement("java.lang.String").asType());
  }

  /** The primitive a boxed type unboxes to, or the type itself (primitives, String, anything else). */
  TypeMirror unboxedOrSelf(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return type;
    }
    try {
      return types.unboxedType(type);
    } catch (IllegalArgumentException notBoxed) {
      return type;
    }
  }

  /** Declared exceptions the caller must handle, i.e. neither RuntimeException nor Error. */
  List<String> checkedExceptions(ExecutableElement executable) {
    TypeMirror runtime = elements.getTypeElement("java.lang.RuntimeException").asType();
    TypeMirror error = elements.getTypeElement("java.lang.Error").asType();
    return executable.getThrownTypes().stream()
        .filter(t -> !types.isSubtype(t, runtime) && !types.isSubtype(t, error))
        .map(TypeMirror::toString)
        .collect(Collectors.toList());
  }
}
