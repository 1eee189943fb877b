package dev.llmh.processor;

import static dev.llmh.processor.Annotations.asList;
import static dev.llmh.processor.Annotations.asString;

import dev.llmh.processor.generator.ParamModel;
import dev.llmh.processor.generator.ParamType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * Checks one {@code @Param} field: one the runner can assign directly, of a type it can convert to,
 * and values that all convert, so a bad value fails the build rather than a case at run time.
 */
record ParamReader(JavaTypes javaTypes, Annotations annotations, Reporter reporter) {

  /** The field as read, or empty when it has an error. */
  Optional<ParamModel> read(VariableElement field, AnnotationMirror param) {
    int errorsBefore = reporter.errorCount();
    String name = field.getSimpleName().toString();
    Set<Modifier> modifiers = field.getModifiers();
    if (modifiers.contains(Modifier.PRIVATE)) {
      reporter.error(field, param,
          "@Param '" + name + "' is private; make it package-private (or public) so the generated runner "
              + "can set it without reflection");
    }
    if (modifiers.contains(Modifier.FINAL)) {
      reporter.error(field, param, "@Param '" + name + "' is final; remove final so the runner can set each value");
    }
    if (modifiers.contains(Modifier.STATIC)) {
      reporter.error(field, param,
          "@Param '" + name + "' is static; make it an instance field, since each case gets its own "
              + "scenario instance and a static field would be shared between them");
    }
    Optional<ParamType> type = paramType(field.asType());
    if (type.isEmpty()) {
      reporter.error(field, param,
          "@Param '" + name + "' is of type " + field.asType() + "; declare it as String, int, long, double "
              + "or boolean (or a boxed Integer, Long, Double, Boolean)");
    }

    AnnotationValue valuesAttribute = annotations.value(param, "value");
    List<AnnotationValue> items = asList(valuesAttribute);
    if (items.isEmpty()) {
      reporter.error(field, param, valuesAttribute,
          "@Param '" + name + "' has no values; list at least one, e.g. @Param({\"1\", \"2\"})");
    }
    List<String> values = new ArrayList<>();
    for (AnnotationValue item : items) {
      Optional<String> value = asString(item);
      if (value.isEmpty()) {
        continue; // not a String: javac has reported it already
      }
      String v = value.get();
      if (values.contains(v)) {
        reporter.error(field, param, item,
            "@Param '" + name + "' lists \"" + v + "\" twice; remove one (each value is a case)");
      }
      Optional<String> problem = type.flatMap(t -> t.problem(v));
      if (problem.isPresent()) {
        reporter.error(field, param, item,
            "@Param '" + name + "' value \"" + v + "\" is not a valid " + type.get().javaName() + "; "
                + problem.get());
      }
      values.add(v);
    }
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new ParamModel(name, type.orElseThrow(), values));
  }

  private Optional<ParamType> paramType(TypeMirror type) {
    TypeMirror t = type.getKind().isPrimitive() ? type : javaTypes.unboxedOrSelf(type);
    return switch (t.getKind()) {
      case INT -> Optional.of(ParamType.INT);
      case LONG -> Optional.of(ParamType.LONG);
      case DOUBLE -> Optional.of(ParamType.DOUBLE);
      case BOOLEAN -> Optional.of(ParamType.BOOLEAN);
      case DECLARED -> javaTypes.isString(t) ? Optional.of(ParamType.STRING) : Optional.empty();
      default -> Optional.empty();
    };
  }
}
