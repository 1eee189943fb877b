package dev.llmh.processor;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic.Kind;

/**
 * Diagnostics placed as precisely as javac allows: on the element, the annotation and the value at
 * fault, so the IDE underlines what to change. It never stops at the first error; it counts them so
 * the processor can skip generating a runner for a class that has any.
 */
final class Reporter {
  private final Messager messager;
  /** javac's tree API, or null under another compiler (or a wrapped environment). */
  private final Trees trees;
  private int errors;

  Reporter(ProcessingEnvironment env) {
    this.messager = env.getMessager();
    this.trees = treesOrNull(env);
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

  void warning(Element element, String message) {
    messager.printMessage(Kind.WARNING, message, element);
  }

  /**
   * An error on the {@code index}-th repetition of a repeatable annotation, e.g. the second of three
   * {@code @Constraint}s. javac hands such repetitions to processors inside a container annotation
   * it synthesized, which has no source position, so Messager would put the error on the class. The
   * compiler's tree API still knows where each repetition is written; use it when it is there.
   */
  void errorOnRepetition(
      Element element, String annotationName, int index, AnnotationMirror single, AnnotationValue value,
      String message) {
    List<AnnotationTree> written = writtenAnnotations(element, annotationName);
    if (index < written.size()) {
      errors++;
      trees.printMessage(Kind.ERROR, message, firstArgument(written.get(index)),
          trees.getPath(element).getCompilationUnit());
    } else {
      error(element, single, value, message);
    }
  }

  /** Errors reported so far; compare before and after checking a class to see if it had any. */
  int errorCount() {
    return errors;
  }

  /** The annotations of type {@code annotationName} written directly on the element, in source order. */
  private List<AnnotationTree> writtenAnnotations(Element element, String annotationName) {
    List<AnnotationTree> found = new ArrayList<>();
    TreePath path = trees == null ? null : trees.getPath(element);
    if (path == null) {
      return found;
    }
    ModifiersTree modifiers = modifiersOf(path.getLeaf());
    if (modifiers == null) {
      return found;
    }
    for (AnnotationTree annotation : modifiers.getAnnotations()) {
      TypeMirror type = trees.getTypeMirror(new TreePath(path, annotation));
      if (type instanceof DeclaredType declared
          && ((TypeElement) declared.asElement()).getQualifiedName().contentEquals(annotationName)) {
        found.add(annotation);
      }
    }
    return found;
  }

  private static ModifiersTree modifiersOf(Tree tree) {
    if (tree instanceof ClassTree c) {
      return c.getModifiers();
    } else if (tree instanceof MethodTree m) {
      return m.getModifiers();
    } else if (tree instanceof VariableTree v) {
      return v.getModifiers();
    }
    return null;
  }

  /** The value of a single-attribute annotation, or the annotation itself. */
  private static Tree firstArgument(AnnotationTree annotation) {
    if (annotation.getArguments().isEmpty()) {
      return annotation;
    }
    ExpressionTree argument = annotation.getArguments().get(0);
    return argument instanceof AssignmentTree assignment ? assignment.getExpression() : argument;
  }

  static Trees treesOrNull(ProcessingEnvironment env) {
    try {
      return Trees.instance(env);
    } catch (IllegalArgumentException | LinkageError notJavac) {
      return null;
    }
  }
}
