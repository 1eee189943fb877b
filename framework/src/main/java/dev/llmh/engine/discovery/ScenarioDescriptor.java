package dev.llmh.engine.discovery;

import dev.llmh.plan.CasePlan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;

/** A scenario class: a container whose children are its cases. */
final class ScenarioDescriptor extends AbstractTestDescriptor {
  static final String SEGMENT = "scenario";

  private final String scenarioClassName;
  private final Map<String, CasePlan> plannedCases = new LinkedHashMap<>();
  private final Set<TestTag> tags;

  ScenarioDescriptor(UniqueId id, Class<?> scenarioClass, List<CasePlan> cases) {
    super(id, scenarioClass.getSimpleName(), ClassSource.from(scenarioClass));
    this.scenarioClassName = scenarioClass.getName();
    this.tags = ScenarioTags.of(scenarioClass);
    cases.forEach(plan -> plannedCases.put(plan.caseId(), plan));
  }

  String scenarioClassName() {
    return scenarioClassName;
  }

  List<String> caseIds() {
    return List.copyOf(plannedCases.keySet());
  }

  /** Every case the scenario plans, whichever a selector picked. */
  List<CasePlan> plans() {
    return List.copyOf(plannedCases.values());
  }

  /**
   * The cases of one prompt, for a method selector: named as the output shows it ({@code @Prompt(name)})
   * or by its member, which is what an IDE's run icon on a prompt method selects.
   */
  List<String> caseIdsOfPrompt(String nameOrMember) {
    return plannedCases.values().stream()
        .filter(plan -> plan.prompt().name().equals(nameOrMember) || plan.prompt().member().equals(nameOrMember))
        .map(CasePlan::caseId)
        .toList();
  }

  /** The case's descriptor, created on first request so that a selector picks only its cases. */
  Optional<CaseDescriptor> caseDescriptor(String caseId) {
    CasePlan plan = plannedCases.get(caseId);
    if (plan == null) {
      return Optional.empty();
    }
    UniqueId id = getUniqueId().append(CaseDescriptor.SEGMENT, caseId);
    return getChildren().stream()
        .filter(child -> child.getUniqueId().equals(id))
        .map(CaseDescriptor.class::cast)
        .findFirst()
        .or(() -> Optional.of(new CaseDescriptor(id, plan, reportingName(plan))));
  }

  /**
   * {@code document(concurrency=2, words=3)[2]}: unique, and ending in an index so that Surefire
   * reports it as one invocation of a parameterized prompt instead of merging same-prompt cases
   * into reruns of a single test. Named by the prompt's name, as the console shows it.
   */
  private String reportingName(CasePlan plan) {
    int index = caseIdsOfPrompt(plan.prompt().name()).indexOf(plan.caseId()) + 1;
    return plan.prompt().name() + "(" + plan.parameterText() + ")[" + index + "]";
  }

  /** The class's JUnit {@code @Tag}s: what Surefire's {@code -Dgroups} selects on. */
  @Override
  public Set<TestTag> getTags() {
    return tags;
  }

  @Override
  public Type getType() {
    return Type.CONTAINER;
  }
}
