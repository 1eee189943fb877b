package dev.llmh.engine.discovery;

import dev.llmh.config.Config;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.Planner;
import dev.llmh.runner.ScenarioRunner;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * Every scenario of the module being run: the {@code @LlmBenchmark} classes in the class
 * directories the discovered scenarios were loaded from — the module's own (test) classes, never a
 * jar on its classpath, whose fixtures are another module's. Surefire asks the engine for one class
 * at a time, so a discovery request alone shows one scenario of many: what a selection may name,
 * and what a selection that names nothing lists, is the module's.
 */
final class ModuleScenarios {
  private ModuleScenarios() {}

  /** The scenario classes beside {@code discovered}, those included, by name. */
  static List<Class<?>> around(Collection<Class<?>> discovered) {
    Set<URI> roots = new LinkedHashSet<>();
    for (Class<?> scenario : discovered) {
      directory(scenario).ifPresent(roots::add);
    }
    Set<Class<?>> all = new LinkedHashSet<>(discovered);
    for (URI root : roots) {
      all.addAll(ReflectionSupport.findAllClassesInClasspathRoot(root, ScenarioSelectorResolver::isScenario, name -> true));
    }
    return all.stream().sorted(Comparator.comparing(Class::getName)).toList();
  }

  /**
   * The cases {@code scenario} would have, for the listing; none when it cannot be planned (no
   * generated runner, a configuration it refuses): its own discovery reports why.
   */
  static List<CasePlan> plans(Class<?> scenario, Config config) {
    String runnerName = ScenarioRunner.runnerClassName(scenario.getName());
    try {
      Optional<Class<?>> runner = ReflectionSupport.tryToLoadClass(runnerName, scenario.getClassLoader()).toOptional();
      return runner.isEmpty() ? List.of() : Planner.plan((ScenarioRunner) ReflectionSupport.newInstance(runner.get()), config);
    } catch (RuntimeException e) { // a ConfigException among them
      return List.of();
    }
  }

  private static Optional<URI> directory(Class<?> scenario) {
    CodeSource source = scenario.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return Optional.empty();
    }
    try {
      Path path = Path.of(source.getLocation().toURI());
      return Files.isDirectory(path) ? Optional.of(path.toUri()) : Optional.empty();
    } catch (URISyntaxException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
