package dev.llmh.processor;

import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Finds, in the source of a prompt or system prompt member (a method's body, a field's initialiser),
 * the calls whose result differs from one request to the next: the clock, random ids and numbers.
 * Such text in a prompt's prefix defeats the server's prefix cache (seed 000: a timestamp near the
 * top of a 900-token preamble costs its whole prefill on every call), invisibly. Only the member's
 * own code is read, not the methods it calls: a warning must point at code the user can see.
 */
final class VolatileCalls {

  /** Static methods by declaring type, and what to call them in a message. */
  private static final Map<String, Set<String>> METHODS = Map.ofEntries(
      Map.entry("java.time.LocalDateTime", Set.of("now")),
      Map.entry("java.time.LocalDate", Set.of("now")),
      Map.entry("java.time.LocalTime", Set.of("now")),
      Map.entry("java.time.Instant", Set.of("now")),
      Map.entry("java.time.ZonedDateTime", Set.of("now")),
      Map.entry("java.time.OffsetDateTime", Set.of("now")),
      Map.entry("java.time.OffsetTime", Set.of("now")),
      Map.entry("java.time.Year", Set.of("now")),
      Map.entry("java.time.YearMonth", Set.of("now")),
      Map.entry("java.time.MonthDay", Set.of("now")),
      Map.entry("java.time.Clock", Set.of("millis", "instant")),
      Map.entry("java.lang.System", Set.of("currentTimeMillis", "nanoTime")),
      Map.entry("java.util.UUID", Set.of("randomUUID")),
      Map.entry("java.lang.Math", Set.of("random")),
      Map.entry("java.lang.StrictMath", Set.of("random")),
      Map.entry("java.util.Calendar", Set.of("getInstance")),
      Map.entry("java.util.concurrent.ThreadLocalRandom", Set.of("current")));

  /** Types whose no-argument constructor reads the clock or a random source. */
  private static final Set<String> CONSTRUCTORS = Set.of(
      "java.util.Date", "java.util.Random", "java.security.SecureRandom", "java.util.GregorianCalendar");

  private final Trees trees;

  /** @param trees javac's tree API, or null under another compiler: then nothing is found */
  VolatileCalls(Trees trees) {
    this.trees = trees;
  }

  /** The volatile calls written in {@code member}'s code, e.g. {@code LocalDateTime.now()}, in source order. */
  Set<String> in(Element member) {
    Set<String> found = new LinkedHashSet<>();
    TreePath path = trees == null ? null : trees.getPath(member);
    if (path == null) {
      return found;
    }
    Tree leaf = path.getLeaf();
    Tree code = leaf instanceof MethodTree m ? m.getBody() : leaf instanceof VariableTree v ? v.getInitializer() : null;
    if (code == null) {
      return found;
    }
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
        if (trees.getElement(getCurrentPath()) instanceof ExecutableElement method
            && method.getEnclosingElement() instanceof TypeElement owner) {
          String type = owner.getQualifiedName().toString();
          String name = method.getSimpleName().toString();
          if (METHODS.getOrDefault(type, Set.of()).contains(name)) {
            found.add(owner.getSimpleName() + "." + name + "()");
          }
        }
        return super.visitMethodInvocation(call, unused);
      }

      @Override
      public Void visitNewClass(NewClassTree creation, Void unused) {
        if (creation.getArguments().isEmpty()
            && trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor
            && constructor.getEnclosingElement() instanceof TypeElement owner
            && CONSTRUCTORS.contains(owner.getQualifiedName().toString())) {
          found.add("new " + owner.getSimpleName() + "()");
        }
        return super.visitNewClass(creation, unused);
      }
    }.scan(new TreePath(path, code), null);
    return found;
  }
}
