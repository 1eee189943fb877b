package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.it.fixtures.AnswerScenario;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.SampleRecord;
import dev.llmh.sim.SimTokenizer;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The answers a run records, against the text the simulator streamed: its first tokens in the
 * reasoning channel, the rest as the answer, both decided by the request's seed (42, the default).
 * The results file and the journal carry each, apart, whole under {@code llmh.record.textChars} and
 * cut to exactly that many characters above it, with the flag {@code text_truncated}.
 */
class AnswerTextGroundTruthTest {
  private static final int REASONING = 4;
  private static final int TOKENS = 12;
  private static final String REASONING_TEXT = SimTokenizer.outputText(42, 0, REASONING);
  private static final String ANSWER = SimTokenizer.outputText(42, REASONING, TOKENS);

  private static SimulatorSettings reasoningFirst() {
    return SimulatorSettings.defaults().withPrefillTokensPerSecond(20_000).withDecodeTokensPerSecond(2_000)
        .withReasoningTokens(REASONING);
  }

  @Test
  void everySampleRecordsTheAnswerAndTheReasoningApart(@TempDir Path results) throws IOException {
    try (SimulatedServer server = SimulatedServer.start(reasoningFirst())) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl()), results, AnswerScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.samples()).hasSize(4);
      for (SampleRecord sample : result.samples()) {
        assertThat(sample.answer().text()).isEqualTo(ANSWER);
        assertThat(sample.answer().reasoningText()).isEqualTo(REASONING_TEXT);
        assertThat(sample.flags()).doesNotContain("text_truncated");
      }
      List<JsonNode> journal = journal(results);
      assertThat(journal).hasSize(4);
      for (JsonNode line : journal) {
        assertThat(line.get("sample").get("text").asText()).isEqualTo(ANSWER);
        assertThat(line.get("sample").get("reasoning_text").asText()).isEqualTo(REASONING_TEXT);
      }
    }
  }

  @Test
  void aTextLongerThanTheBoundIsCutToExactlyItAndFlagged(@TempDir Path results) throws IOException {
    int bound = 17;
    assertThat(REASONING_TEXT.length()).isGreaterThan(bound);
    assertThat(ANSWER.length()).isGreaterThan(bound);
    try (SimulatedServer server = SimulatedServer.start(reasoningFirst())) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.record.textChars", String.valueOf(bound)),
          results, AnswerScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.samples()).hasSize(4);
      for (SampleRecord sample : result.samples()) {
        assertThat(sample.answer().text()).hasSize(bound).isEqualTo(ANSWER.substring(0, bound));
        assertThat(sample.answer().reasoningText()).hasSize(bound).isEqualTo(REASONING_TEXT.substring(0, bound));
        assertThat(sample.flags()).containsOnlyOnce("text_truncated");
      }
      for (JsonNode line : journal(results)) {
        assertThat(line.get("sample").get("text").asText()).isEqualTo(ANSWER.substring(0, bound));
        assertThat(line.get("sample").get("flags")).extracting(JsonNode::asText).contains("text_truncated");
      }
    }
  }

  private static List<JsonNode> journal(Path dir) throws IOException {
    Path file;
    try (Stream<Path> files = Files.list(dir)) {
      file = files.filter(p -> p.getFileName().toString().endsWith(".ndjson")).findFirst().orElseThrow();
    }
    return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).map(l -> {
      try {
        return ResultsFiles.mapper().readTree(l);
      } catch (IOException e) {
        throw new AssertionError("not JSON: " + l, e);
      }
    }).toList();
  }
}
