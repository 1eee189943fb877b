package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.EmbeddedScenario;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default endpoint end to end: LLMH starts the llama.cpp server in a child JVM and measures it. */
class EmbeddedEndpointTest {

  @Test
  void scenariosRunAgainstTheRealEngineAndTheRecordSaysWhatServedThem(@TempDir Path results) {
    // A models directory of its own: the model is generated, and the console says so.
    EngineRun run = EngineRun.watched(
          Map.of("llmh.endpoint", "embedded", "llmh.embedded.model", "tiny", "llmh.embedded.modelsDir", results.resolve("models").toString()),
          results, EmbeddedScenario.class);
    run.results().testEvents().assertStatistics(stats -> stats.started(4).succeeded(4));
    // Issue 11, point 1: the wait before the first request is explained, one line per phase.
    assertThat(run.console().lines().filter(line -> line.startsWith("LLMH ")).limit(3))
        .satisfiesExactly(
            line -> assertThat(line).isEqualTo("LLMH starting embedded llama.cpp server (model tiny, 2 slots)…"),
            line -> assertThat(line).matches("LLMH generating model llmh-tiny \\(\\d+ MB\\)…"),
            line -> assertThat(line).matches("LLMH embedded server ready in \\d+\\.\\d s"));

    for (CaseResult result : run.record().results()) {
      assertThat(result.section(Section.ERROR)).isNull();
      assertThat(result.requests().succeeded()).isEqualTo(6);
      assertThat(result.endpoint().embedded()).isTrue();
      assertThat(result.endpoint().kind()).isEqualTo("embedded");
      assertThat(result.endpoint().servedModel()).isEqualTo("llmh-tiny");
      assertThat(result.endpoint().server())
          .containsKeys("engine", "modelFile", "modelBytes", "modelSha256", "modelShape")
          .hasEntrySatisfying("modelSha256", sha -> assertThat(sha.toString()).matches("[0-9a-f]{64}"));
      // Issue 14: the server's child process, sampled during warm-up and measurement apart. Its
      // resident set holds the model file it loaded (and a JVM), so it is above the file's size.
      Resources resources = result.section(Section.RESOURCES);
      System.out.printf("%s: server peak RSS %d MiB (model file %s B), mean CPU %.1f%%, %d samples; warm-up peak %d MiB%n",
          result.caseId(), resources.peakRssBytes() >> 20, result.endpoint().server().get("modelBytes"),
          resources.meanCpuPercent(), resources.samples(), resources.warmup().peakRssBytes() >> 20);
      assertThat(resources.notMeasured()).isNull();
      assertThat(resources.intervalMs()).isEqualTo(250);
      assertThat(resources.samples()).isPositive().isEqualTo(resources.series().size());
      assertThat(resources.peakRssBytes())
          .isGreaterThan(((Number) result.endpoint().server().get("modelBytes")).longValue())
          .isGreaterThanOrEqualTo(resources.meanRssBytes());
      assertThat(resources.meanCpuPercent()).isNotNegative();
      assertThat(resources.warmup().samples()).isPositive();
      assertThat(resources.warmup().notMeasured()).isNull();
      assertThat(result.samples()).allSatisfy(sample -> {
        assertThat(sample.error()).isNull();
        assertThat(sample.outputTokens()).isEqualTo(8);
        assertThat(sample.flags()).doesNotContain("estimated_tokens");
      });
    }
    // Issue 16: the server's description of itself in the environment, against the model file on disk.
    @SuppressWarnings("unchecked")
    Map<String, Object> described = ((java.util.List<Map<String, Object>>) run.record().environment().get("servers")).get(0);
    @SuppressWarnings("unchecked")
    Map<String, Object> model = ((java.util.List<Map<String, Object>>) described.get("models")).get(0);
    assertThat(described).containsEntry("server", "llmh-embedded").containsEntry("kind", "embedded");
    assertThat(((Number) described.get("slots")).intValue()).isEqualTo(2);
    assertThat((String) described.get("version")).contains("llama.cpp");
    Path file = results.resolve("models").resolve((String) model.get("file"));
    assertThat(model).containsEntry("model", "llmh-tiny").containsEntry("family", "llama")
        .containsEntry("digest", "sha256:" + sha256(file));
    assertThat(((Number) model.get("bytes")).longValue()).isEqualTo(size(file));
    assertThat((String) model.get("shape")).endsWith(", " + model.get("quantization"));
    CaseResult any = run.record().results().get(0);
    assertThat(((Number) model.get("contextLength")).intValue()).isEqualTo(((Number) any.endpoint().server().get("slotContext")).intValue());
    assertThat(described.get("notMeasured")).asList().containsExactly("parameter size (llmh-tiny): not reported by the embedded server's /v1/models");

    // A longer prompt costs more prefill on a real engine.
    double shortTtft = run.caseNamed("question[concurrency=1]").metrics().get(CaseResult.TTFT).p50();
    double longTtft = run.caseNamed("document[concurrency=1]").metrics().get(CaseResult.TTFT).p50();
    assertThat(longTtft).isGreaterThan(shortTtft);
  }

  @Test
  void theEmbeddedServerServesEachGeneratedModelByNameAndRefusesAModelItLacks(@TempDir Path results) {
    // tiny is the server's default; small is generated and loaded when its first case's warm-up names it
    EngineRun run = EngineRun.of(
        Map.of("llmh.endpoint", "embedded", "llmh.embedded.model", "tiny", "llmh.embedded.modelsDir", results.resolve("models").toString(),
            "llmh.model", "tiny,small,qwen2.5:7b", "llmh.select", "EmbeddedScenario#question[concurrency=1]"),
        results, EmbeddedScenario.class);
    run.results().testEvents().assertStatistics(stats -> stats.started(3).succeeded(2).failed(1));
    CaseResult tiny = run.caseNamed("question[model=tiny,concurrency=1]");
    CaseResult small = run.caseNamed("question[model=small,concurrency=1]");
    assertThat(tiny.endpoint().servedModel()).isEqualTo("llmh-tiny");
    assertThat(small.endpoint().servedModel()).isEqualTo("llmh-small");
    // asked by name, answered by id: no mismatch to warn of
    assertThat(tiny.section(Section.WARNINGS)).noneMatch(w -> w.contains("requested model"));
    assertThat(small.section(Section.WARNINGS)).noneMatch(w -> w.contains("requested model"));
    // the listing describes its first model, the default: recorded for tiny only, never as small's
    assertThat(tiny.endpoint().server()).containsEntry("loaded", true).containsKey("modelSha256");
    assertThat(small.endpoint().server()).isNull();
    // six layers of 512 read and write slower than two of 64: the requests reached another model
    assertThat(small.metrics().get(CaseResult.TPOT).p50()).isGreaterThan(2 * tiny.metrics().get(CaseResult.TPOT).p50());
    assertThat(run.caseNamed("question[model=qwen2.5:7b,concurrency=1]").section(Section.ERROR))
        .startsWith("the embedded server serves the models tiny, small, answers-s, not 'qwen2.5:7b'");
  }

  private static long size(Path file) {
    try {
      return java.nio.file.Files.size(file);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static String sha256(Path file) {
    try {
      return java.util.HexFormat.of().formatHex(
          java.security.MessageDigest.getInstance("SHA-256").digest(java.nio.file.Files.readAllBytes(file)));
    } catch (java.io.IOException | java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
