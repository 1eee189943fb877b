package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.PromptFileScenarios;
import dev.llmh.plan.FilePrompts;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimTokenizer;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @PromptFile} against the simulator's record: the file's prompts reach the server in file
 * order, cycling, warm-up first; the results record the file's SHA-256; a broken file stops the case
 * before any request, naming the file and the line.
 */
class PromptFileGroundTruthTest {
  /** The unique marker, "[" hex "-" n "]", is five tokens to the simulator. */
  private static final int MARKER = 5;

  @Test
  void requestsTakeTheFilesPromptsInOrderAndTheRecordHasItsHash(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withSlots(1).withInstantPrefill()
        .withDecodeTokensPerSecond(1000))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, PromptFileScenarios.Chat.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
      List<Integer> lengths = List.of(
          SimTokenizer.countTokens("Define latency."),
          SimTokenizer.countTokens("What does time to first token measure, and why does a long prompt make it grow?"),
          SimTokenizer.countTokens("Summarise this: " + "word ".repeat(20)));
      List<ServedRequest> served = server.awaitServedRequests(9, Duration.ofSeconds(10));
      // warm-up requests 0 and 1, then measured requests 0..6: line i mod 3
      List<Integer> expected = List.of(0, 1, 0, 1, 2, 0, 1, 2, 0).stream().map(i -> lengths.get(i) + MARKER).toList();
      assertThat(served).extracting(r -> r.outcome().promptTokens()).containsExactlyElementsOf(expected);

      CaseResult result = run.caseNamed("chat[concurrency=1]");
      String sha256 = FilePrompts.sha256(resource("prompts/chat.jsonl"));
      assertThat(result.section(Section.PROMPT_FILE)).isEqualTo(new CaseResult.PromptFileRecord("prompts/chat.jsonl", sha256));
      assertThat(result.section(Section.PROMPT_HASH)).isEqualTo(sha256);
      assertThat(run.recordText()).contains("\"promptFile\" : {", "\"sha256\" : \"" + sha256 + "\"");
    }
  }

  @Test
  void aMalformedFileFailsTheCaseBeforeItsFirstRequestNamingFileAndLine(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults())) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, PromptFileScenarios.Broken.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      CaseResult result = run.caseNamed("broken[concurrency=1]");
      assertThat(result.verdict()).isEqualTo("NOT_RUN");
      assertThat(result.section(Section.ERROR)).startsWith("prompts/broken.jsonl line 2: not JSON");
      assertThat(server.servedRequests()).isEmpty();
    }
  }

  private static byte[] resource(String path) throws Exception {
    try (InputStream in = PromptFileScenarios.class.getClassLoader().getResourceAsStream(path)) {
      return in.readAllBytes();
    }
  }
}
