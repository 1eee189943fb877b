package dev.llmh.processor;

import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Param;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.SystemPrompt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.Elements;

/**
 * The classes and members a scenario is made of: the scenario and its superclasses, farthest first,
 * so that prompts, params and settings shared by several scenarios can live on a common abstract
 * base (the same prompts against two budgets or two endpoints). A member redeclared lower down (an
 * overriding method, a hiding field) is read where it is redeclared, as Java itself reads it.
 */
record ScenarioMembers(Elements elements, Reporter reporter) {

  /** The scenario's class and its superclasses up to, not including, {@code Object}; farthest first. */
  static List<TypeElement> lineage(TypeElement type) {
    List<TypeElement> lineage = new ArrayList<>();
    for (TypeElement t = type; t != null; t = superclass(t).orElse(null)) {
      lineage.add(0, t);
    }
    return lineage;
  }

  /**
   * The fields and methods the runner may read, base classes' first. An inherited {@code @Prompt}
   * or {@code @Param} the runner in the scenario's package cannot reach, or one a plain field below
   * hides, is an error and left out.
   */
  List<Element> of(TypeElement scenario) {
    List<TypeElement> lineage = lineage(scenario);
    List<Element> members = new ArrayList<>();
    for (int i = 0; i < lineage.size(); i++) {
      TypeElement declaring = lineage.get(i);
      List<TypeElement> below = lineage.subList(i + 1, lineage.size());
      for (Element member : declaring.getEnclosedElements()) {
        if (member.getKind() != ElementKind.FIELD && member.getKind() != ElementKind.METHOD) {
          continue; // a nested class is a scenario of its own, or not one
        }
        if (!annotated(member) || declaring == scenario) {
          members.add(member);
          continue;
        }
        Optional<Element> redeclared = below.stream()
            .<Element>flatMap(t -> t.getEnclosedElements().stream())
            .filter(other -> sameSlot(member, other))
            .reduce((first, last) -> last);
        if (redeclared.isPresent() && annotated(redeclared.get())) {
          continue; // replaced by the nearer declaration, which is read in its own turn
        }
        if (redeclared.isPresent() && member.getKind() == ElementKind.FIELD) {
          reporter.error(redeclared.get(),
              "field '" + member.getSimpleName() + "' hides the annotated field of "
                  + declaring.getQualifiedName() + ", so the runner would read this one instead; rename it, "
                  + "or annotate it the same way to replace the inherited one");
          continue;
        }
        if (readable(member, declaring, scenario)) {
          members.add(member);
        }
      }
    }
    return members;
  }

  private boolean readable(Element member, TypeElement declaring, TypeElement scenario) {
    boolean samePackage = elements.getPackageOf(declaring).equals(elements.getPackageOf(scenario));
    if (samePackage || member.getModifiers().contains(Modifier.PUBLIC)) {
      return true;
    }
    reporter.error(member,
        "'" + member.getSimpleName() + "' of " + declaring.getQualifiedName() + " is not public, so the "
            + "runner generated for " + scenario.getQualifiedName() + " in another package cannot read it "
            + "without reflection; make it public");
    return false;
  }

  private static boolean annotated(Element member) {
    return find(member, Prompt.class).isPresent() || find(member, Param.class).isPresent()
        || find(member, SystemPrompt.class).isPresent() || find(member, dev.llmh.annotations.Check.class).isPresent();
  }

  /**
   * The same field name, or the same method with as many parameters (none, or a conversation's turn
   * index): what the runner's {@code scenario$.x} resolves to.
   */
  private static boolean sameSlot(Element member, Element other) {
    if (other.getKind() != member.getKind() || !other.getSimpleName().contentEquals(member.getSimpleName())) {
      return false;
    }
    return !(other instanceof ExecutableElement method)
        || method.getParameters().size() == ((ExecutableElement) member).getParameters().size();
  }

  private static Optional<TypeElement> superclass(TypeElement type) {
    if (type.getSuperclass() instanceof DeclaredType parent
        && parent.asElement() instanceof TypeElement superclass
        && !superclass.getQualifiedName().contentEquals("java.lang.Object")) {
      return Optional.of(superclass);
    }
    return Optional.empty();
  }
}
