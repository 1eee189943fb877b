package dev.llmh.engine.discovery;

import static org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.unresolved;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.config.Config;
import dev.llmh.config.ConfigException;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.Planner;
import dev.llmh.runner.ScenarioRunner;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.DiscoveryIssue.Severity;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.discovery.MethodSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;
import org.junit.platform.engine.support.discovery.SelectorResolver;

/**
 * Turns class, method and unique-id selectors into scenario and case descriptors. A class resolves
 * to its scenario, which expands into one unique-id selector per case; a method selector picks the
 * cases of one prompt, named as the output shows it or by its member; a unique id picks one case
 * (or one whole scenario).
 */
public final class ScenarioSelectorResolver implements SelectorResolver {
  private final Config config;
  private final DiscoveryIssueReporter issues;
  private final Predicate<String> classNameFilter;

  public ScenarioSelectorResolver(Config config, DiscoveryIssueReporter issues, Predicate<String> classNameFilter) {
    this.config = config;
    this.issues = issues;
    this.classNameFilter = classNameFilter;
  }

  public static boolean isScenario(Class<?> candidate) {
    return candidate.isAnnotationPresent(LlmBenchmark.class);
  }

  @Override
  public Resolution resolve(ClassSelector selector, Context context) {
    Class<?> scenarioClass = selector.getJavaClass();
    if (!isScenario(scenarioClass) || !classNameFilter.test(scenarioClass.getName())) {
      return unresolved();
    }
    Optional<ScenarioRunner> runner = runnerFor(scenarioClass);
    if (runner.isEmpty()) {
      return unresolved();
    }
    List<CasePlan> cases;
    try {
      cases = Planner.plan(runner.get(), config);
    } catch (ConfigException e) {
      // e.g. -Dllmh.model=a,b beside a @Param named model: no case can be named, none runs
      issues.reportIssue(DiscoveryIssue.builder(Severity.ERROR, "LLMH configuration: " + e.getMessage())
          .source(ClassSource.from(scenarioClass)));
      return unresolved();
    }
    for (String tag : ScenarioTags.invalid(scenarioClass)) {
      issues.reportIssue(DiscoveryIssue.builder(Severity.WARNING, "@Tag(\"" + tag + "\") on " + scenarioClass.getName()
          + " is not a valid JUnit tag (blank, or holds whitespace or one of , ( ) & | !): no tag filter can select it")
          .source(ClassSource.from(scenarioClass)));
    }
    Optional<ScenarioDescriptor> scenario =
        context.addToParent(parent -> Optional.of(scenario(parent, scenarioClass, cases)));
    return scenario.map(s -> Resolution.match(Match.exact(s, () -> caseSelectors(s, s.caseIds())))).orElse(unresolved());
  }

  private static Set<DiscoverySelector> caseSelectors(ScenarioDescriptor scenario, List<String> caseIds) {
    Set<DiscoverySelector> selectors = new java.util.LinkedHashSet<>();
    for (String id : caseIds) {
      selectors.add(DiscoverySelectors.selectUniqueId(scenario.getUniqueId().append(CaseDescriptor.SEGMENT, id)));
    }
    return selectors;
  }

  @Override
  public Resolution resolve(MethodSelector selector, Context context) {
    Class<?> scenarioClass;
    try {
      scenarioClass = selector.getJavaClass();
    } catch (RuntimeException e) {
      return unresolved();
    }
    if (!isScenario(scenarioClass)) {
      return unresolved();
    }
    Optional<ScenarioDescriptor> scenario = context.resolve(DiscoverySelectors.selectClass(scenarioClass)).map(ScenarioDescriptor.class::cast);
    if (scenario.isEmpty()) {
      return unresolved();
    }
    // A prompt may be a field, so match on names only: never ask for a java.lang.reflect.Method.
    Set<DiscoverySelector> cases = caseSelectors(scenario.get(), scenario.get().caseIdsOfPrompt(selector.getMethodName()));
    return cases.isEmpty() ? unresolved() : Resolution.selectors(cases);
  }

  @Override
  public Resolution resolve(UniqueIdSelector selector, Context context) {
    List<UniqueId.Segment> segments = selector.getUniqueId().getSegments();
    if (segments.size() < 2 || !segments.get(1).getType().equals(ScenarioDescriptor.SEGMENT)) {
      return unresolved();
    }
    String className = segments.get(1).getValue();
    Optional<Class<?>> scenarioClass = ReflectionSupport.tryToLoadClass(className).toOptional();
    if (scenarioClass.isEmpty() || !isScenario(scenarioClass.get())) {
      return unresolved();
    }
    if (segments.size() == 2) {
      return Resolution.selectors(Set.of(DiscoverySelectors.selectClass(scenarioClass.get())));
    }
    if (segments.size() != 3 || !segments.get(2).getType().equals(CaseDescriptor.SEGMENT)) {
      return unresolved();
    }
    String caseId = segments.get(2).getValue();
    Optional<CaseDescriptor> descriptor =
        context.addToParent(
            () -> DiscoverySelectors.selectClass(scenarioClass.get()),
            parent -> ((ScenarioDescriptor) parent).caseDescriptor(caseId));
    return descriptor.map(d -> Resolution.match(Match.exact(d))).orElse(unresolved());
  }

  private ScenarioDescriptor scenario(TestDescriptor parent, Class<?> scenarioClass, List<CasePlan> cases) {
    UniqueId id = parent.getUniqueId().append(ScenarioDescriptor.SEGMENT, scenarioClass.getName());
    return new ScenarioDescriptor(id, scenarioClass, cases);
  }

  /**
   * The generated runner, found by name. Without it there is nothing to run: the processor did not
   * run, which since JDK 23 is what happens when it is only on the classpath.
   */
  private Optional<ScenarioRunner> runnerFor(Class<?> scenarioClass) {
    String runnerName = ScenarioRunner.runnerClassName(scenarioClass.getName());
    Optional<Class<?>> runnerClass = ReflectionSupport.tryToLoadClass(runnerName, scenarioClass.getClassLoader()).toOptional();
    if (runnerClass.isEmpty()) {
      issues.reportIssue(
          DiscoveryIssue.builder(
                  Severity.ERROR,
                  "LLMH scenario " + scenarioClass.getName() + " has no generated runner (" + runnerName
                      + "): the LLMH annotation processor did not run. Add dev.llmh:llmh-annotations-processor to "
                      + "maven-compiler-plugin's <annotationProcessorPaths> (JDK 23+ no longer runs processors found "
                      + "on the classpath; an explicit path must list every processor the project uses) and rebuild.")
              .source(ClassSource.from(scenarioClass)));
      return Optional.empty();
    }
    try {
      return Optional.of((ScenarioRunner) ReflectionSupport.newInstance(runnerClass.get()));
    } catch (RuntimeException e) {
      issues.reportIssue(
          DiscoveryIssue.builder(Severity.ERROR, "LLMH cannot create " + runnerName + ": " + e + "; rebuild the project")
              .source(ClassSource.from(scenarioClass))
              .cause(e));
      return Optional.empty();
    }
  }
}
