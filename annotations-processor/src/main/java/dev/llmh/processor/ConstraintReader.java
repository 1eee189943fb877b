package dev.llmh.processor;

import static dev.llmh.processor.Annotations.asAnnotation;
import static dev.llmh.processor.Annotations.asList;
import static dev.llmh.processor.Annotations.asString;
import static dev.llmh.processor.Annotations.explicitValue;

import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.Constraints;
import dev.llmh.constraint.ConstraintException;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.processor.generator.Declarations;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Reads the budgets, {@code @Constraint} and {@code @Ttft}, and checks each against the constraint
 * grammar the engine will parse them with, so a typo in a budget fails the build, never a run.
 */
final class ConstraintReader {

  private static final List<String> TTFT_STATS = List.of("p50", "p90", "p95", "p99");

  private final Annotations annotations;
  private final Reporter reporter;

  ConstraintReader(Annotations annotations, Reporter reporter) {
    this.annotations = annotations;
    this.reporter = reporter;
  }

  /**
   * The {@code @Constraint} texts, or null when there is none. Repeated {@code @Constraint}s arrive
   * wrapped in one {@code @Constraints} container, so both shapes are read.
   */
  List<String> constraints(Element element) {
    boolean declared = element.getAnnotationMirrors().stream().map(Annotations::nameOf).anyMatch(
        name -> name.equals(Constraint.class.getCanonicalName()) || name.equals(Constraints.class.getCanonicalName()));
    if (!declared) {
      return null;
    }
    List<String> texts = new ArrayList<>();
    for (Written written : written(element)) {
      if (written.text() != null) {
        constraintProblem(written.text(), "").ifPresent(problem -> report(element, written, problem));
        texts.add(written.text());
      }
    }
    return texts;
  }

  /**
   * An error on the {@code @Constraint} of {@code element} that reads {@code text}, or on the element
   * when none there does (the budget was inherited from a superclass).
   */
  void error(Element element, String text, String message) {
    written(element).stream().filter(w -> text.equals(w.text())).findFirst()
        .ifPresentOrElse(w -> report(element, w, message), () -> reporter.error(element, message));
  }

  /** One {@code @Constraint} as written: alone, or the {@code index}-th in a {@code @Constraints} container. */
  private record Written(AnnotationMirror single, AnnotationValue value, String text, int index, boolean container) {}

  private List<Written> written(Element element) {
    List<Written> found = new ArrayList<>();
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      String name = Annotations.nameOf(mirror);
      boolean container = name.equals(Constraints.class.getCanonicalName());
      List<AnnotationMirror> singles = new ArrayList<>();
      if (name.equals(Constraint.class.getCanonicalName())) {
        singles.add(mirror);
      } else if (container) {
        for (AnnotationValue item : asList(annotations.value(mirror, "value"))) {
          asAnnotation(item).ifPresent(singles::add);
        }
      } else {
        continue;
      }
      for (int i = 0; i < singles.size(); i++) {
        AnnotationValue value = annotations.value(singles.get(i), "value");
        found.add(new Written(singles.get(i), value, asString(value).orElse(null), i, container));
      }
    }
    return found;
  }

  private void report(Element element, Written written, String message) {
    if (written.container()) {
      reporter.errorOnRepetition(element, Constraint.class.getCanonicalName(), written.index(), written.single(),
          written.value(), message);
    } else {
      reporter.error(element, written.single(), written.value(), message);
    }
  }

  /** {@code @Ttft(p95 = "2s")} as constraint texts, each checked like a {@code @Constraint}. */
  List<String> ttft(Element element, AnnotationMirror mirror) {
    List<String> texts = new ArrayList<>();
    for (String stat : TTFT_STATS) {
      Optional<AnnotationValue> value = explicitValue(mirror, stat);
      Optional<String> budget = value.flatMap(Annotations::asString).filter(s -> !s.isEmpty());
      if (budget.isPresent()) {
        String text = Declarations.ttftConstraint(stat, budget.get());
        constraintProblem(text, "@Ttft(" + stat + " = \"" + budget.get() + "\"): ")
            .ifPresent(problem -> reporter.error(element, mirror, value.get(), problem));
        texts.add(text);
      }
    }
    return texts;
  }

  /** The grammar's complaint, or the reason the constraint cannot be judged yet; prefixed. */
  private static Optional<String> constraintProblem(String text, String prefix) {
    try {
      ConstraintExpression expression = ConstraintParser.parse(text);
      return expression.unsupportedReason().map(reason -> prefix + "\"" + text + "\": " + reason);
    } catch (ConstraintException e) {
      return Optional.of(prefix + e.getMessage());
    }
  }
}
