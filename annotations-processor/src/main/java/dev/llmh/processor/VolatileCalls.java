package dev.llmh.processor;

import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Finds, in the source of a prompt or system prompt member (a method's body, a field's initialiser),
 * the calls whose result differs from one request to the next: the clock, random ids and numbers.
 * Such text in a prompt's prefix defeats the server's prefix cache (a timestamp near the
 * top of a 900-token preamble costs its whole prefill on every call), invisibly. The methods the
 * member calls are read too, transitively, as long as they are declared in the scenario's own
 * source class (nested classes included): a warning must point at code the user can see, so each
 * call found through a helper is named with the path to it.
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

  /**
   * The volatile calls in {@code member}'s code, e.g. {@code LocalDateTime.now()}, or reached from it
   * through methods of its own source class, e.g. {@code Instant.now() via header() -> stamp()}: the
   * member's own calls first, in source order, then those its helpers reach, each call once, named by
   * the first path that reaches it.
   */
  Set<String> in(Element member) {
    Map<String, String> found = new LinkedHashMap<>();
    TreePath path = trees == null ? null : trees.getPath(member);
    if (path != null) {
      Set<Element> seen = new HashSet<>(Set.of(member));
      new Search(outermost(member), found).scan(path, List.of(), seen);
    }
    Set<String> named = new LinkedHashSet<>();
    found.forEach((call, via) -> named.add(via.isEmpty() ? call : call + " via " + via));
    return named;
  }

  private static Element outermost(Element member) {
    Element type = member.getEnclosingElement();
    while (type.getEnclosingElement() instanceof TypeElement outer) {
      type = outer;
    }
    return type;
  }

  /** A depth-first walk of the member's code and of the class's own methods it calls. */
  private final class Search {
    private final Element scenario;
    private final Map<String, String> found;

    Search(Element scenario, Map<String, String> found) {
      this.scenario = scenario;
      this.found = found;
    }

    /**
     * Reads the code of the member or method at {@code path}, reached through {@code via} (the
     * helpers' names, outermost first); {@code seen} guards against recursion between helpers.
     */
    void scan(TreePath path, List<String> via, Set<Element> seen) {
      Tree leaf = path.getLeaf();
      Tree code = leaf instanceof MethodTree m ? m.getBody() : leaf instanceof VariableTree v ? v.getInitializer() : null;
      if (code == null) {
        return;
      }
      List<ExecutableElement> helpers = new ArrayList<>();
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
          visit(trees.getElement(getCurrentPath()), via, helpers);
          return super.visitMethodInvocation(call, unused);
        }

        @Override
        public Void visitNewClass(NewClassTree creation, Void unused) {
          Element constructor = trees.getElement(getCurrentPath());
          if (creation.getArguments().isEmpty() && constructor instanceof ExecutableElement
              && constructor.getEnclosingElement() instanceof TypeElement owner
              && CONSTRUCTORS.contains(owner.getQualifiedName().toString())) {
            found.putIfAbsent("new " + owner.getSimpleName() + "()", String.join(" -> ", via));
          }
          return super.visitNewClass(creation, unused);
        }
      }.scan(new TreePath(path, code), null);
      for (ExecutableElement helper : helpers) {
        TreePath helperPath = trees.getPath(helper);
        if (helperPath != null && seen.add(helper)) {
          List<String> deeper = new ArrayList<>(via);
          deeper.add(name(helper));
          scan(helperPath, deeper, seen);
        }
      }
    }

    /** Records a volatile call, or queues a method of the scenario's own source to be read after this one. */
    private void visit(Element called, List<String> via, List<ExecutableElement> helpers) {
      if (!(called instanceof ExecutableElement method && method.getEnclosingElement() instanceof TypeElement owner)) {
        return;
      }
      String name = method.getSimpleName().toString();
      if (METHODS.getOrDefault(owner.getQualifiedName().toString(), Set.of()).contains(name)) {
        found.putIfAbsent(owner.getSimpleName() + "." + name + "()", String.join(" -> ", via));
      } else if (outermost(method).equals(scenario)) {
        helpers.add(method);
      }
    }

    /** {@code stamp()}, or {@code Clock.stamp()} for a method of a class nested in the scenario. */
    private String name(ExecutableElement method) {
      Element owner = method.getEnclosingElement();
      return (owner.equals(scenario) ? "" : owner.getSimpleName() + ".") + method.getSimpleName() + "()";
    }
  }
}
