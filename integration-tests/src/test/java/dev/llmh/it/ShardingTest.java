package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.llmh.engine.LlmhTestEngine;
import dev.llmh.it.fixtures.shards.LargeModels;
import dev.llmh.it.fixtures.shards.SmallModels;
import dev.llmh.reports.ReportMain;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.Filter;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestTag;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Issue 16, point 5: a matrix sharded over JUnit tags. Surefire's {@code -Dgroups} is a
 * {@link TagFilter} handed to the launcher, which applies it to the engine's descriptors; here the
 * same filter goes through {@link EngineTestKit}, so the engine's tags are what is tested, without
 * a nested Maven build. Each shard writes its own results file; {@code merge} makes one record.
 */
class ShardingTest {

  private static EngineTestKit.Builder engine(Filter<?> filter) {
    return EngineTestKit.engine(LlmhTestEngine.ENGINE_ID)
        .selectors(selectClass(SmallModels.class), selectClass(LargeModels.class))
        .filters(filter);
  }

  private static List<TestDescriptor> tests(Filter<?> filter) {
    return engine(filter).discover().getEngineDescriptor().getDescendants().stream()
        .filter(TestDescriptor::isTest).map(TestDescriptor.class::cast).toList();
  }

  private static List<String> scenarios(List<TestDescriptor> tests) {
    return tests.stream().map(t -> t.getParent().orElseThrow().getDisplayName()).distinct().toList();
  }

  @Test
  void aTagFilterSelectsTheTaggedScenarioAndEveryOneOfItsCases() {
    List<TestDescriptor> small = tests(TagFilter.includeTags("small-models"));
    assertThat(scenarios(small)).containsExactly("SmallModels");
    assertThat(small).hasSize(2).allSatisfy(t -> assertThat(t.getTags()).containsExactly(TestTag.create("small-models")));

    assertThat(scenarios(tests(TagFilter.includeTags("nightly")))).containsExactly("LargeModels");
    // Surefire's -Dgroups takes tag expressions, and -DexcludedGroups excludes.
    assertThat(scenarios(tests(TagFilter.includeTags("small-models | large-models")))).containsExactly("SmallModels", "LargeModels");
    assertThat(scenarios(tests(TagFilter.excludeTags("small-models")))).containsExactly("LargeModels");
    assertThat(tests(TagFilter.includeTags("no-such-tag"))).isEmpty();
  }

  @Test
  void shardsRunApartEachWritesItsResultsAndMergeMakesOneRecord(@TempDir Path dir) {
    Path small = dir.resolve("shard-small");
    Path large = dir.resolve("shard-large");
    EngineExecutionResults first = engine(TagFilter.includeTags("small-models"))
        .configurationParameters(Map.of("llmh.endpoint", "simulated", "llmh.resultsDir", small.toString(), "llmh.clientWarmup", "500"))
        .execute();
    EngineExecutionResults second = engine(TagFilter.includeTags("large-models"))
        .configurationParameters(Map.of("llmh.endpoint", "simulated", "llmh.resultsDir", large.toString(), "llmh.clientWarmup", "500"))
        .execute();
    first.testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
    second.testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));

    Path all = dir.resolve("all.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = ReportMain.run(new String[] {"merge", small.resolve("latest.json").toString(), large.resolve("latest.json").toString(),
        "-o", all.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();

    RunRecord merged = read(all);
    assertThat(merged.results()).extracting(CaseResult::scenario).containsExactly(
        SmallModels.class.getName(), SmallModels.class.getName(), LargeModels.class.getName(), LargeModels.class.getName());
    assertThat(merged.results()).allSatisfy(c -> assertThat(c.requests().succeeded()).isEqualTo(3));
    assertThat(merged.run().startedAt()).isEqualTo(read(small.resolve("latest.json")).run().startedAt());
    assertThat(merged.run().finishedAt()).isEqualTo(read(large.resolve("latest.json")).run().finishedAt());
    assertThat(merged.environment().get("javaVersion")).isEqualTo(System.getProperty("java.version"));

    ByteArrayOutputStream report = new ByteArrayOutputStream();
    assertThat(ReportMain.run(new String[] {"markdown", all.toString()}, new PrintStream(report, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8))).isZero();
    assertThat(report.toString(StandardCharsets.UTF_8)).contains("### SmallModels › question\n").contains("### LargeModels › question\n");
  }

  private static RunRecord read(Path file) {
    try {
      return ResultsFiles.read(file);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
