package dev.llmh.processor;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * Checks that an {@code @LlmBenchmark} type is one the generated runner can instantiate: a concrete,
 * non-private, non-generic class, static if nested, with a usable no-argument constructor. Errors
 * go on the {@code @LlmBenchmark} annotation; those about the constructor go on the constructor.
 */
final class ClassChecks {
  private final JavaTypes javaTypes;
  private final Reporter reporter;

  ClassChecks(JavaTypes javaTypes, Reporter reporter) {
    this.javaTypes = javaTypes;
    this.reporter = reporter;
  }

  /** False when the class cannot hold a scenario at all, so that reading its members is pointless. */
  boolean check(TypeElement type, AnnotationMirror benchmark) {
    String name = type.getSimpleName().toString();
    if (type.getKind() != ElementKind.CLASS) {
      reporter.error(type, benchmark,
          "@LlmBenchmark goes on a class, but " + name + " is " + kindName(type.getKind())
              + "; declare it as a class, which the runner can instantiate");
      return false;
    }
    if (type.getModifiers().contains(Modifier.ABSTRACT)) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + name + " is abstract; remove abstract so the runner can create an instance");
    }
    if (type.getNestingKind() == NestingKind.MEMBER && !type.getModifiers().contains(Modifier.STATIC)) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + name + " is an inner class; make it static (or top-level) so the runner "
              + "can create it without an enclosing instance");
    } else if (type.getNestingKind() == NestingKind.LOCAL || type.getNestingKind() == NestingKind.ANONYMOUS) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + name + " is local; move it to top level or make it a static nested class");
    }
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        String which = e == type ? "@LlmBenchmark class " + name : "its enclosing class " + e.getSimpleName();
        reporter.error(type, benchmark,
            which + " is private; make it package-private (or public) so the generated runner in the same "
                + "package can use it");
      }
    }
    if (!type.getTypeParameters().isEmpty()) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + name + " has type parameters; remove them, the runner has no type "
              + "arguments to supply");
    }
    checkConstructor(type, benchmark);
    return true;
  }

  private void checkConstructor(TypeElement type, AnnotationMirror benchmark) {
    Optional<ExecutableElement> noArg = ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
        .filter(c -> c.getParameters().isEmpty())
        .findFirst();
    if (noArg.isEmpty()) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + type.getSimpleName() + " has no no-argument constructor; add one "
              + "(parameters come from @Param fields, which the runner sets after construction)");
      return;
    }
    ExecutableElement constructor = noArg.get();
    if (constructor.getModifiers().contains(Modifier.PRIVATE)) {
      reporter.error(constructor,
          "the no-argument constructor of @LlmBenchmark class " + type.getSimpleName()
              + " is private; make it package-private so the generated runner can call it");
    }
    List<String> checked = javaTypes.checkedExceptions(constructor);
    if (!checked.isEmpty()) {
      reporter.error(constructor,
          "the no-argument constructor of @LlmBenchmark class " + type.getSimpleName() + " declares "
              + String.join(", ", checked) + "; handle it inside the constructor (the runner's "
              + "prompt() declares no checked exceptions)");
    }
  }

  private static String kindName(ElementKind kind) {
    return switch (kind) {
      case INTERFACE -> "an interface";
      case ENUM -> "an enum";
      case ANNOTATION_TYPE -> "an annotation type";
      default -> kind.name().equals("RECORD") ? "a record" : "a " + kind.name().toLowerCase(Locale.ROOT);
    };
  }
}
