package dev.llmh.engine.discovery;

import dev.llmh.plan.CasePlan;
import java.util.Set;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;

/**
 * One case, one test. Its source is a method source named after the prompt as the output shows it
 * ({@code @Prompt(name)}, else the member): Surefire groups the case under its class and matches
 * {@code -Dtest=Class#prompt} against that name, and IDEs navigate to the member when the name is
 * the member's. Its legacy reporting name carries the parameters and an index: Surefire would
 * otherwise merge cases of one prompt into "reruns" of a single test.
 */
public final class CaseDescriptor extends AbstractTestDescriptor {
  static final String SEGMENT = "case";

  private final CasePlan plan;
  private final String reportingName;

  CaseDescriptor(UniqueId id, CasePlan plan, String reportingName) {
    super(id, plan.displayName(), MethodSource.from(plan.scenarioClassName(), plan.prompt().name()));
    this.plan = plan;
    this.reportingName = reportingName;
  }

  public CasePlan plan() {
    return plan;
  }

  @Override
  public String getLegacyReportingName() {
    return reportingName;
  }

  /**
   * Its scenario's tags: a tag filter is applied to tests, so a case carries the tags of the class
   * it belongs to, as a Jupiter test method carries its class's.
   */
  @Override
  public Set<TestTag> getTags() {
    return getParent().map(TestDescriptor::getTags).orElse(Set.of());
  }

  @Override
  public Type getType() {
    return Type.TEST;
  }
}
