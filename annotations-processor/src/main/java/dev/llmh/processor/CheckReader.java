package dev.llmh.processor;

import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Check;
import dev.llmh.annotations.CheckResult;
import dev.llmh.annotations.ExpectJson;
import dev.llmh.annotations.ExpectRegex;
import dev.llmh.constraint.Metric;
import dev.llmh.processor.generator.CheckModel;
import dev.llmh.runner.CheckDeclaration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Reads a scenario's checks on every answer — {@code @ExpectJson} and {@code @ExpectRegex} on the
 * class (or the nearest base class declaring them), {@code @Check} methods — and checks that a
 * budget on {@code success_rate} has a check to count.
 */
record CheckReader(JavaTypes javaTypes, Annotations annotations, Reporter reporter) {

  /** Every annotation this reader answers for. */
  static final List<Class<?>> ANNOTATIONS =
      List.of(Check.class, ExpectJson.class, ExpectRegex.class, dev.llmh.annotations.ExpectToolCall.class);

  /** The scenario's checks, built-ins first; one with an error is reported and left out. */
  List<CheckModel> read(TypeElement type, List<Element> members) {
    List<CheckModel> checks = new ArrayList<>();
    nearest(type, ExpectJson.class).flatMap(this::json).ifPresent(checks::add);
    nearest(type, ExpectRegex.class).flatMap(this::regex).ifPresent(checks::add);
    new ToolsReader(annotations, reporter).expectation(type).ifPresent(checks::add);
    for (Element member : members) {
      Optional<AnnotationMirror> check = find(member, Check.class);
      if (check.isPresent() && member instanceof ExecutableElement method) {
        method(method, check.get()).ifPresent(checks::add);
      }
    }
    return checks;
  }

  /** The {@code @Tools} file's path, or null when the scenario offers no tools (or its declaration has an error). */
  String toolsFile(TypeElement type) {
    return new ToolsReader(annotations, reporter).toolsFile(type);
  }

  /** The conversation's {@code @ToolResult}, or null; {@code turns} is the {@code @Conversation}'s, or null. */
  dev.llmh.runner.ToolResultDeclaration toolResult(TypeElement type, Integer turns) {
    return new ToolsReader(annotations, reporter).toolResult(type, turns);
  }

  static Optional<Element> nearest(TypeElement type, Class<?> annotation) {
    List<TypeElement> lineage = ScenarioMembers.lineage(type);
    for (int i = lineage.size() - 1; i >= 0; i--) {
      if (find(lineage.get(i), annotation).isPresent()) {
        return Optional.of(lineage.get(i));
      }
    }
    return Optional.empty();
  }

  private Optional<CheckModel> json(Element element) {
    AnnotationMirror mirror = find(element, ExpectJson.class).orElseThrow();
    List<String> keys = new ArrayList<>();
    boolean ok = true;
    for (AnnotationValue value : Annotations.asList(annotations.value(mirror, "requiredKeys"))) {
      String key = Annotations.asString(value).orElse("");
      if (key.isBlank()) {
        reporter.error(element, mirror, value, "@ExpectJson(requiredKeys) holds an empty key, which no JSON answer"
            + " could be told to carry; write the key's name, e.g. requiredKeys = {\"name\", \"year\"}, or remove it");
        ok = false;
      }
      keys.add(key);
    }
    return ok ? Optional.of(CheckModel.builtIn(CheckDeclaration.json(keys))) : Optional.empty();
  }

  private Optional<CheckModel> regex(Element element) {
    AnnotationMirror mirror = find(element, ExpectRegex.class).orElseThrow();
    AnnotationValue value = annotations.value(mirror, "value");
    Optional<String> pattern = Annotations.asString(value);
    if (pattern.isEmpty()) {
      return Optional.empty(); // javac has reported the type error
    }
    try {
      Pattern.compile(pattern.get());
    } catch (PatternSyntaxException e) {
      reporter.error(element, mirror, value, "@ExpectRegex(\"" + pattern.get() + "\") does not compile as a"
          + " java.util.regex.Pattern: " + e.getDescription() + (e.getIndex() >= 0 ? " near index " + e.getIndex() : "")
          + "; fix the pattern (a backslash in Java source is written \\\\)");
      return Optional.empty();
    }
    return Optional.of(CheckModel.builtIn(CheckDeclaration.regex(pattern.get())));
  }

  private Optional<CheckModel> method(ExecutableElement method, AnnotationMirror check) {
    String name = method.getSimpleName().toString();
    String shape = "boolean " + name + "(String answer) or, to see the prompt it answered, boolean " + name
        + "(String prompt, String answer); return CheckResult instead of boolean to say why it failed";
    int errorsBefore = reporter.errorCount();
    new TextMemberChecks(javaTypes, reporter).reportIfPrivate(method, check, "@Check method " + name + "()");
    int parameters = method.getParameters().size();
    if (parameters < 1 || parameters > 2 || !method.getParameters().stream().allMatch(p -> javaTypes.isString(p.asType()))) {
      String taken = method.getParameters().stream().map(p -> p.asType().toString()).reduce((a, b) -> a + ", " + b).orElse("");
      reporter.error(method, check, "@Check method " + name + "(" + taken + ") must take the answer text, or the prompt"
          + " and the answer text: " + shape);
    }
    TypeMirror returned = method.getReturnType();
    boolean returnsBoolean = returned.getKind() == TypeKind.BOOLEAN;
    if (!returnsBoolean && !isCheckResult(returned)) {
      reporter.error(method, check, "@Check method " + name + "() returns " + returned + "; make it " + shape);
    }
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new CheckModel(CheckDeclaration.method(name), method.getModifiers().contains(Modifier.STATIC),
        returnsBoolean, parameters == 2));
  }

  private ConstraintReader constraints() {
    return new ConstraintReader(annotations, reporter);
  }

  private static boolean isCheckResult(TypeMirror type) {
    return type instanceof DeclaredType declared && declared.asElement() instanceof TypeElement element
        && element.getQualifiedName().contentEquals(CheckResult.class.getCanonicalName());
  }

  /**
   * Reports a budget on a metric that counts checked answers ({@code success_rate}) where the
   * scenario declares no check, on the {@code @Constraint} that sets it, once per element.
   */
  void checksNeeded(Element element, List<String> constraints, boolean anyCheck, Set<Element> reported) {
    if (anyCheck || constraints == null || !reported.add(element)) {
      return;
    }
    for (String text : constraints) {
      SloSearchReader.budgeted(text).filter(Metric::needsChecks).ifPresent(metric -> constraints().error(element, text,
          "\"" + text + "\": '" + metric.key() + "' counts the answers that pass their checks, and this scenario"
              + " declares none; add a check on every answer: @ExpectJson(requiredKeys = {...}) or @ExpectRegex(\"...\")"
              + " on the class, or a method boolean name(String answer) annotated @Check"));
    }
  }
}
