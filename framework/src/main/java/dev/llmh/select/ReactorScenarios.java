package dev.llmh.select;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The scenario classes declared in the other modules of the Maven build a module belongs to, read
 * from their sources. Surefire runs each module in its own JVM, and a later module may not be
 * compiled yet, so this is the one way a module can tell a pattern that names another module's
 * scenario from one that names nothing at all.
 *
 * <p>The build is the chain of aggregator poms above the module, each listing the one below in
 * {@code <modules>}; a scenario is a {@code .java} file under a module's {@code src/test/java}
 * annotated {@code @LlmBenchmark}. A scenario declared in a JUnit test's file (one with a
 * {@code @Test} or {@code @ParameterizedTest} method) is that test's fixture, which no build of the
 * module runs as a scenario: it is left out.
 *
 * @param root the top aggregator's directory (the module itself when it is not part of one)
 * @param scenarios the other modules' scenario classes, each with its module's directory relative to root
 */
public record ReactorScenarios(Path root, List<Declared> scenarios) {

  /** A scenario class declared in another module. */
  public record Declared(String className, String module) {}

  private static final Pattern MODULE = Pattern.compile("<(?:module|subproject)>\\s*([^<]+?)\\s*</(?:module|subproject)>");
  private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
  /** The annotation opening a line, then the first class or record declared after it: its name. */
  private static final Pattern JUNIT_TEST = Pattern.compile(
      "(?m)^\\s*@(?:org\\.junit\\.jupiter\\.(?:api|params)\\.)?(?:Test|ParameterizedTest)\\b");
  private static final Pattern SCENARIO = Pattern.compile(
      "(?m)^\\s*@(?:dev\\.llmh\\.annotations\\.)?LlmBenchmark\\b[\\s\\S]*?\\b(?:class|record)\\s+(\\w+)");

  public ReactorScenarios {
    scenarios = List.copyOf(scenarios);
  }

  /** The build around {@code moduleDir}; unreadable files count as declaring nothing. */
  public static ReactorScenarios around(Path moduleDir) {
    Path module = moduleDir.toAbsolutePath().normalize();
    Path root = module;
    while (root.getParent() != null && modules(root.getParent()).contains(root)) {
      root = root.getParent();
    }
    List<Declared> found = new ArrayList<>();
    for (Path other : allModules(root)) {
      if (!other.equals(module)) {
        String name = root.relativize(other).toString();
        scenarioClasses(other.resolve("src/test/java"))
            .forEach(c -> found.add(new Declared(c, name.isEmpty() ? "." : name)));
      }
    }
    return new ReactorScenarios(root, found);
  }

  public boolean anyMatches(CasePattern pattern) {
    return scenarios.stream().anyMatch(s -> pattern.matchesScenario(s.className()));
  }

  private static Set<Path> allModules(Path root) {
    Set<Path> all = new LinkedHashSet<>();
    Deque<Path> pending = new ArrayDeque<>(List.of(root));
    while (!pending.isEmpty()) {
      Path next = pending.pop();
      if (all.add(next)) {
        pending.addAll(modules(next));
      }
    }
    return all;
  }

  /** The module directories a directory's pom.xml lists; none when it has no readable pom. */
  private static Set<Path> modules(Path dir) {
    Set<Path> modules = new LinkedHashSet<>();
    read(dir.resolve("pom.xml")).ifPresent(pom -> {
      Matcher m = MODULE.matcher(pom.replaceAll("(?s)<!--.*?-->", ""));
      while (m.find()) {
        Path module = dir.resolve(m.group(1)).normalize();
        modules.add(module.toString().endsWith(".xml") ? module.getParent() : module);
      }
    });
    return modules;
  }

  private static List<String> scenarioClasses(Path sources) {
    if (!Files.isDirectory(sources)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(sources)) {
      return files.filter(f -> f.toString().endsWith(".java"))
          .flatMap(f -> read(f).map(text -> classNames(f, text)).orElse(List.of()).stream())
          .sorted()
          .toList();
    } catch (IOException | UncheckedIOException e) {
      return List.of();
    }
  }

  /** {@code com.example.Translation}, or {@code com.example.Outer$Inner} for a scenario nested one level down. */
  private static List<String> classNames(Path file, String text) {
    String outer = file.getFileName().toString().replaceFirst("\\.java$", "");
    Matcher pkg = PACKAGE.matcher(text);
    String prefix = pkg.find() ? pkg.group(1) + "." : "";
    List<String> names = new ArrayList<>();
    if (JUNIT_TEST.matcher(text).find()) {
      return names;
    }
    Matcher scenario = SCENARIO.matcher(text);
    while (scenario.find()) {
      String name = scenario.group(1);
      names.add(prefix + (name.equals(outer) ? outer : outer + "$" + name));
    }
    return names;
  }

  private static Optional<String> read(Path file) {
    try {
      return Files.isRegularFile(file) ? Optional.of(Files.readString(file)) : Optional.empty();
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
  }
}
