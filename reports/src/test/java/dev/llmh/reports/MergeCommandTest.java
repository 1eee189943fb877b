package dev.llmh.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.result.CaseResult;
import dev.llmh.result.FitRecord;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SaturationRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code merge a.json b.json ... -o all.json}: shards of one matrix as one record, conflicts refused. */
class MergeCommandTest {
  private final ReportMainTest cli = new ReportMainTest();

  private static FitRecord fit(String scenario) {
    return new FitRecord(scenario, "tiny", 1, null,
        new FitRecord.Line(FitRecord.PROMPT_TOKENS, FitRecord.TTFT_MS, 0.5, 10, 0.99, List.of(0.48, 0.52), 30, List.of(100, 200, 400), true),
        2000.0, List.of(1900.0, 2100.0), 0.95, null, null);
  }

  private static SaturationRecord saturation(String scenario) {
    return new SaturationRecord(scenario, "question", null, 0.1, List.of(),
        List.of(new SaturationRecord.Step(1, null, 50.0, 100.0, null, "PASS", null, null, null)), null, "reached to", "last_step");
  }

  /** A shard: one scenario's cases, a fit and a saturation search, and the environment given. */
  private static RunRecord shard(String scenario, String startedAt, String finishedAt, Map<String, Object> environment) {
    List<CaseResult> cases = List.of(
        Runs.measured(scenario, "question", 1, "tiny", 100, 1, 5), Runs.measured(scenario, "question", 2, "tiny", 100, 2, 5));
    return new RunRecord(RunRecord.SCHEMA_VERSION, new RunRecord.RunInfo(startedAt, finishedAt, true), environment,
        new RunRecord.StatisticsInfo("type 7", "confidence bound"), cases, List.of(fit(scenario)), List.of(saturation(scenario)));
  }

  /** The file as written, with {@code edit} applied to its JSON tree: fields this version's record does not know. */
  private static Path write(RunRecord record, Path dir, String name, java.util.function.Consumer<ObjectNode> edit) throws Exception {
    ObjectNode tree = ResultsFiles.mapper().valueToTree(record);
    edit.accept(tree);
    Path file = dir.resolve(name);
    ResultsFiles.mapper().writeValue(file.toFile(), tree);
    return file;
  }

  /**
   * An edit adding what a run records beside its cases: what its environment could not measure, the
   * load average before it, the one server it measured ({@code model} at http://gpu:8000), and a
   * top-level reason not measured.
   */
  private static java.util.function.Consumer<ObjectNode> ranOn(
      String model, List<Double> loadAverage, String topLevelReason, String... notMeasured) {
    return tree -> {
      ObjectNode environment = (ObjectNode) tree.get("environment");
      var reasons = environment.putArray("notMeasured");
      java.util.Arrays.stream(notMeasured).forEach(reasons::add);
      var load = environment.putArray("loadAverageBefore");
      loadAverage.forEach(load::add);
      environment.putArray("servers").addObject().put("url", "http://gpu:8000").put("model", model);
      tree.putArray("notMeasured").add(topLevelReason);
    };
  }

  @Test
  void shardsBecomeOneRecordKeepingEveryCaseFitAndSearchAndUnitingNotMeasured(@TempDir Path dir) throws Exception {
    Path a = write(shard("dev.llmh.samples.Fast", "2026-01-01T10:00:00Z", "2026-01-01T10:05:00Z", Runs.environment("17.0.12")),
        dir, "a.json", ranOn("tiny", List.of(0.5, 0.4, 0.3), "top-level reason a", "server version: no route", "gpu: no nvidia-smi"));
    Path b = write(shard("dev.llmh.samples.Slow", "2026-01-01T09:58:00Z", "2026-01-01T10:07:00Z", Runs.environment("17.0.12")),
        dir, "b.json", ranOn("big", List.of(1.9, 1.2, 1.0), "top-level reason b", "gpu: no nvidia-smi", "cpu model: unknown"));
    Path all = dir.resolve("out/all.json");

    assertThat(cli.run("merge", a.toString(), b.toString(), "-o", all.toString())).isZero();
    assertThat(cli.out()).isEqualTo("LLMH merged 2 files (4 cases) into " + all.toAbsolutePath() + "\n");

    RunRecord merged = ResultsFiles.read(all);
    assertThat(merged.results()).extracting(CaseResult::scenario)
        .containsExactly("dev.llmh.samples.Fast", "dev.llmh.samples.Fast", "dev.llmh.samples.Slow", "dev.llmh.samples.Slow");
    assertThat(merged.results().get(3).samples()).hasSize(5);
    assertThat(merged.fits()).extracting(FitRecord::scenario).containsExactly("dev.llmh.samples.Fast", "dev.llmh.samples.Slow");
    assertThat(merged.saturation()).extracting(SaturationRecord::scenario).containsExactly("dev.llmh.samples.Fast", "dev.llmh.samples.Slow");
    assertThat(merged.run()).isEqualTo(new RunRecord.RunInfo("2026-01-01T09:58:00Z", "2026-01-01T10:07:00Z", true));

    JsonNode tree = ResultsFiles.mapper().readTree(all.toFile());
    JsonNode environment = tree.get("environment");
    assertThat(environment.get("javaVersion").asText()).isEqualTo("17.0.12");
    assertThat(environment.get("notMeasured")).extracting(JsonNode::asText)
        .containsExactly("server version: no route", "gpu: no nvidia-smi", "cpu model: unknown");
    assertThat(tree.get("notMeasured")).extracting(JsonNode::asText).containsExactly("top-level reason a", "top-level reason b");
    // A load average is the moment's, not the machine's: never a conflict, each file's kept beside it.
    JsonNode from = environment.get(RunMerge.MERGED_FROM);
    assertThat(from).hasSize(2);
    assertThat(from.get(0).get("file").asText()).isEqualTo(a.toString());
    assertThat(from.get(0).get("cases").asInt()).isEqualTo(2);
    assertThat(from.get(1).get("startedAt").asText()).isEqualTo("2026-01-01T09:58:00Z");
    assertThat(from.get(1).get("perRun").get("environment.loadAverageBefore").get(0).asDouble()).isEqualTo(1.9);
    assertThat(environment.get("loadAverageBefore").get(0).asDouble()).isEqualTo(0.5);
    // Each shard's servers: the shards measured other models.
    assertThat(environment.get("servers")).extracting(n -> n.get("model").asText()).containsExactly("tiny", "big");
    assertThat(environment.has(RunMerge.MERGE_CONFLICTS)).isFalse();
    assertThat(cli.err()).isEmpty();

    // A merged file merges again: its shards are listed, not the merged file.
    Path c = write(shard("dev.llmh.samples.Third", "2026-01-01T11:00:00Z", "2026-01-01T11:01:00Z", Runs.environment("17.0.12")),
        dir, "c.json", tree2 -> { });
    cli.out.reset();
    assertThat(cli.run("merge", all.toString(), c.toString(), "-o", dir.resolve("again.json").toString())).isZero();
    JsonNode again = ResultsFiles.mapper().readTree(dir.resolve("again.json").toFile());
    assertThat(again.get("results")).hasSize(6);
    assertThat(again.get("environment").get(RunMerge.MERGED_FROM)).extracting(n -> n.get("file").asText())
        .containsExactly(a.toString(), b.toString(), c.toString());
  }

  @Test
  void conflictingEnvironmentsAreRefusedInOneLineNamingTheKeyUnlessForced(@TempDir Path dir) throws Exception {
    Path a = Runs.write(shard("dev.llmh.samples.Fast", "2026-01-01T10:00:00Z", "2026-01-01T10:05:00Z", Runs.environment("17.0.12")), dir, "a.json");
    Path b = Runs.write(shard("dev.llmh.samples.Slow", "2026-01-01T10:00:00Z", "2026-01-01T10:05:00Z", Runs.environment("21.0.4")), dir, "b.json");
    Path all = dir.resolve("all.json");

    cli.assertOneLineError(cli.run("merge", a.toString(), b.toString(), "-o", all.toString()),
        "merge: environment.javaVersion differs: \"17.0.12\" in " + a + ", \"21.0.4\" in " + b + "; merge anyway with --force");
    assertThat(all).doesNotExist();

    cli.err.reset();
    assertThat(cli.run("merge", a.toString(), b.toString(), "-o", all.toString(), "--force")).isZero();
    assertThat(cli.out()).endsWith("; 1 conflict forced, listed in environment.mergeConflicts\n");
    JsonNode environment = ResultsFiles.mapper().readTree(all.toFile()).get("environment");
    assertThat(environment.get("javaVersion").asText()).isEqualTo("17.0.12");
    assertThat(environment.get(RunMerge.MERGE_CONFLICTS)).extracting(JsonNode::asText)
        .containsExactly("environment.javaVersion differs: \"17.0.12\" in " + a + ", \"21.0.4\" in " + b);
    assertThat(ResultsFiles.read(all).results()).hasSize(4);
  }

  @Test
  void theSameCaseInTwoFilesOrOneScenarioWithOtherSettingsIsAConflict(@TempDir Path dir) throws Exception {
    RunRecord fast = shard("dev.llmh.samples.Fast", "2026-01-01T10:00:00Z", "2026-01-01T10:05:00Z", Runs.environment("17.0.12"));
    Path a = Runs.write(fast, dir, "a.json");
    Path twice = Runs.write(fast, dir, "twice.json");
    cli.assertOneLineError(cli.run("merge", a.toString(), twice.toString(), "-o", dir.resolve("x.json").toString()),
        "merge: case dev.llmh.samples.Fast question[model=tiny, concurrency=1] (model tiny) is in both " + a + " and " + twice);

    // The scenario's other cases, run with another max tokens: not one configuration.
    CaseResult other = Runs.measured("dev.llmh.samples.Fast", "question", 8, "tiny", 100, 3, 5);
    other = other.toBuilder().settings(new CaseResult.Settings(256, 0.0, 42, null)).verdict("PASS", List.of(), "passed").build();
    Path b = Runs.write(Runs.run("2026-01-01T10:00:00Z", "2026-01-01T10:05:00Z", Runs.environment("17.0.12"), List.of(other)), dir, "b.json");
    cli.err.reset();
    cli.assertOneLineError(cli.run("merge", a.toString(), b.toString(), "-o", dir.resolve("x.json").toString()),
        "merge: the settings of scenario dev.llmh.samples.Fast differ: {\"maxTokens\":100,\"temperature\":0.0,\"seed\":42} in " + a
            + ", {\"maxTokens\":256,\"temperature\":0.0,\"seed\":42} in " + b);
  }

  @Test
  void badArgumentsAreOneLineAndExitTwo(@TempDir Path dir) throws Exception {
    Path a = Runs.write(shard("dev.llmh.samples.Fast", "2026-01-01T10:00:00Z", "2026-01-01T10:05:00Z", Runs.environment("17.0.12")), dir, "a.json");
    cli.assertOneLineError(cli.run("merge", a.toString(), "-o", dir.resolve("x.json").toString()),
        "merge: expects two or more results files, got 1");
    cli.err.reset();
    cli.assertOneLineError(cli.run("merge", a.toString(), a.toString()), "merge: -o <all.json> is required");
    cli.err.reset();
    Path notJson = Files.writeString(dir.resolve("b.json"), "[1, 2]");
    cli.assertOneLineError(cli.run("merge", a.toString(), notJson.toString(), "-o", dir.resolve("x.json").toString()),
        "cannot read " + notJson + " as an LLMH results file");
    cli.err.reset();
    cli.assertOneLineError(cli.run("merge", a.toString(), a.toString(), "-o", "x.json", "--noise-band", "5"),
        "merge: unknown option --noise-band");
  }
}
