package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import dev.llmh.engine.LlmhTestEngine;
import dev.llmh.it.fixtures.SweepScenario;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Each case is its own test, with a member source and a unique reporting name. */
class DiscoveryTest {

  private static Set<? extends TestDescriptor> cases(DiscoverySelector selector) {
    EngineDiscoveryResults results = EngineTestKit.engine(LlmhTestEngine.ENGINE_ID).selectors(selector).discover();
    assertThat(results.getDiscoveryIssues()).isEmpty();
    return results.getEngineDescriptor().getDescendants().stream().filter(TestDescriptor::isTest)
        .collect(java.util.stream.Collectors.toCollection(java.util.LinkedHashSet::new));
  }

  @Test
  void aClassSelectorYieldsOneTestPerPromptParamAndConcurrency() {
    Set<? extends TestDescriptor> cases = cases(selectClass(SweepScenario.class));
    assertThat(cases).hasSize(2 * 2 * 2);
    assertThat(cases).extracting(TestDescriptor::getDisplayName).contains(
        "define [concurrency=1, words=3]", "summary [concurrency=2, words=30]");
    assertThat(cases).extracting(TestDescriptor::getLegacyReportingName).doesNotHaveDuplicates()
        .contains("define(concurrency=1, words=3)[1]", "summary(concurrency=2, words=30)[4]");
    assertThat(cases).allSatisfy(c -> assertThat(c.getSource()).get().isInstanceOf(MethodSource.class));
    // The prompt's name, as the output shows it: what Surefire's -Dtest=Class#name matches.
    assertThat(cases).extracting(c -> ((MethodSource) c.getSource().orElseThrow()).getMethodName())
        .containsOnly("define", "summary");
    assertThat(cases).allSatisfy(c -> assertThat(((MethodSource) c.getSource().orElseThrow()).getClassName())
        .isEqualTo(SweepScenario.class.getName()));
  }

  @Test
  void aMethodSelectorPicksThatPromptsCasesByNameOrMemberEvenForAField() {
    assertThat(cases(selectMethod(SweepScenario.class.getName(), "summary")))
        .hasSize(4).allSatisfy(c -> assertThat(c.getDisplayName()).startsWith("summary "));
    assertThat(cases(selectMethod(SweepScenario.class.getName(), "summarise")))
        .hasSize(4).allSatisfy(c -> assertThat(c.getDisplayName()).startsWith("summary "));
    assertThat(cases(selectMethod(SweepScenario.class.getName(), "define")))
        .hasSize(4).allSatisfy(c -> assertThat(c.getDisplayName()).startsWith("define "));
  }

  @Test
  void aUniqueIdSelectorPicksOneCase() {
    TestDescriptor one = List.copyOf(cases(selectClass(SweepScenario.class))).get(5);
    Set<? extends TestDescriptor> selected = cases(selectUniqueId(one.getUniqueId()));
    assertThat(selected).singleElement().satisfies(c -> assertThat(c.getUniqueId()).isEqualTo(one.getUniqueId()));
    assertThat(one.getUniqueId().toString()).startsWith("[engine:llmh]/[scenario:" + SweepScenario.class.getName() + "]/[case:");
  }
}
