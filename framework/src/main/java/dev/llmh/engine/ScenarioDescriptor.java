package dev.llmh.engine;

import dev.llmh.plan.CasePlan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;

/** A scenario class: a container whose children are its cases. */
final class ScenarioDescriptor extends AbstractTestDescriptor {
  static final String SEGMENT = "scenario";

  private final Map<String, CasePlan> plannedCases = new LinkedHashMap<>();

  ScenarioDescriptor(UniqueId id, Class<?> scenarioClass, List<CasePlan> cases) {
    super(id, scenarioClass.getSimpleName(), ClassSource.from(scenarioClass));
    cases.forEach(plan -> plannedCases.put(plan.caseId(), plan));
  }

  List<String> caseIds() {
    return List.copyOf(plannedCases.keySet());
  }

  /** The cases of one prompt member, for a method selector. */
  List<String> caseIdsOfMember(String member) {
    return plannedCases.values().stream()
        .filter(plan -> plan.prompt().member().equals(member))
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
   * reports it as one invocation of a parameterized member instead of merging same-member cases
   * into reruns of a single test.
   */
  private String reportingName(CasePlan plan) {
    int index = caseIdsOfMember(plan.prompt().member()).indexOf(plan.caseId()) + 1;
    return plan.prompt().member() + "(" + plan.parameterText() + ")[" + index + "]";
  }

  @Override
  public Type getType() {
    return Type.CONTAINER;
  }
}
