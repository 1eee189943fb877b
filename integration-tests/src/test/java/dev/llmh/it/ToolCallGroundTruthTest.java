package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.it.fixtures.ToolCallScenarios;
import dev.llmh.measure.CheckOutcome;
import dev.llmh.measure.ToolCall;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimTokenizer;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import dev.llmh.sim.ToolCallStreams;
import dev.llmh.sim.ToolCallStreams.Answer;
import dev.llmh.sim.ToolCallStreams.Served;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tool calls against a server whose calls and timing the test sets ({@link ToolCallStreams}): the
 * first generated chunk 120 ms after a request arrives, then one every 30 ms. Request n answers a
 * well-formed get_weather call whose arguments come in four pieces, except: every fifth (5, 10, 15,
 * 20) arguments cut short, n = 3, 8, 13, 18 arguments without the city, n = 7 text and no call. So 11
 * of 20 pass {@code @ExpectToolCall}. An answer that is only a tool call has no text chunk: its TTFT
 * is its first tool-call chunk's, against the server's own record; a chunk missed moves it by 30 ms.
 */
class ToolCallGroundTruthTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String WELL_FORMED = "{\"city\": \"Paris\", \"unit\": \"c\"}";
  private static final String CUT = "{\"city\": \"Par";
  private static final String NO_CITY = "{\"unit\": \"c\"}";

  static Answer answer(long n) {
    if (n % 5 == 0) {
      return Answer.call("get_weather", CUT, 3);
    }
    if (n % 5 == 3) {
      return Answer.call("get_weather", NO_CITY, 3);
    }
    return n == 7 ? Answer.text(" It", " is", " sunny.") : Answer.call("get_weather", WELL_FORMED, 4);
  }

  /** The tool-call server's first chunk after a request's arrival. */
  private static final double FIRST_CHUNK_MS = 120;

  private static ToolCallStreams streams() {
    return new ToolCallStreams(Duration.ofMillis((long) FIRST_CHUNK_MS), Duration.ofMillis(30), ToolCallGroundTruthTest::answer);
  }

  @Test
  void openAiToolCallsAreTimedCountedRecordedAndCheckedExactly(@TempDir Path results) throws Exception {
    ToolCallStreams streams = streams();
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withHook(streams))) {
      EngineRun run = EngineRun.watched(server.baseUrl(), results, ToolCallScenarios.Weather.class);
      CaseResult result = run.record().results().get(0);
      List<Served> served = streams.awaitServed(20, Duration.ofSeconds(10));
      assertAgree(result, served, false);

      // the definitions went out as the file has them, in every request, with the prompt as its user message
      JsonNode file = JSON.readTree(resource("weather-tools.json"));
      assertThat(served).allSatisfy(s -> {
        assertThat(s.path()).isEqualTo("/v1/chat/completions");
        assertThat(s.body().get("tools")).isEqualTo(file);
      });

      assertThat(run.console()).contains("  checks     ExpectToolCall: 11 of 20 passed (ExpectToolCall failed 9); success rate 55.0%");
      // the journal carries each sample's calls as the results file does
      List<JsonNode> journal = journal(results);
      assertThat(journal).hasSize(20);
      assertThat(journal.stream().map(l -> l.get("sample").path("tool_calls").toString()).sorted().toList())
          .isEqualTo(result.samples().stream().map(sample -> JSON.valueToTree(sample).path("tool_calls").toString()).sorted().toList());
      assertThat(journal).filteredOn(l -> l.get("sample").has("tool_calls")).hasSize(19);
    }
  }

  @Test
  void ollamaToolCallsAreOneChunkEachTimedAndChecked(@TempDir Path results) throws Exception {
    ToolCallStreams streams = streams();
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withHook(streams))) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", server.rootUrl(), "llmh.api", "ollama-chat"), results,
          ToolCallScenarios.Weather.class);
      CaseResult result = run.record().results().get(0);
      List<Served> served = streams.awaitServed(20, Duration.ofSeconds(10));
      assertAgree(result, served, true);
      assertThat(served).allSatisfy(s -> assertThat(s.path()).isEqualTo("/api/chat"));
      assertThat(served.get(0).body().get("tools")).isEqualTo(JSON.readTree(resource("weather-tools.json")));
    }
  }

  @Test
  void aToolsFileNotOnTheClasspathFailsTheCaseBeforeItsFirstRequest(@TempDir Path results) {
    ToolCallStreams streams = streams();
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withHook(streams))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, ToolCallScenarios.MissingFile.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
      CaseResult result = run.record().results().get(0);
      assertThat(result.verdict()).isEqualTo("NOT_RUN");
      assertThat(result.section(Section.ERROR)).isEqualTo("@Tools(\"no-such-tools.json\"): no such file on the test classpath;"
          + " put it under src/test/resources/no-such-tools.json");
      assertThat(streams.served()).isEmpty();
      assertThat(server.servedRequests()).isEmpty();
    }
  }

  @Test
  void aPromptOnlyProtocolCannotOfferToolsAndTheCaseIsNotRun(@TempDir Path results) {
    ToolCallStreams streams = streams();
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withHook(streams))) {
      CaseResult result = EngineRun.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.api", "openai-completions"), results,
          ToolCallScenarios.Weather.class).record().results().get(0);
      assertThat(result.verdict()).isEqualTo("NOT_RUN");
      assertThat(result.section(Section.ERROR)).isEqualTo("@Tools(\"weather-tools.json\") are offered in chat messages' requests, which"
          + " openai-completions does not send; use openai-chat or ollama-chat: @Endpoint(api = \"...\") or -Dllmh.api");
      assertThat(streams.served()).isEmpty();
    }
  }

  /**
   * A tool's long result carried back by a conversation's second turn: the server's record of that
   * turn holds the history with the call and the tool message (the file's text), prefills all of it,
   * and the turn's TTFT is the server's, prefill included.
   */
  @Test
  void aConversationCarriesALongToolResultBackAndItsTtftPaysThePrefill(@TempDir Path results) throws Exception {
    String result = new String(resource("weather-result.json"), java.nio.charset.StandardCharsets.UTF_8);
    ToolCallStreams streams = new ToolCallStreams(Duration.ofMillis(40), Duration.ofMillis(10),
        n -> n % 2 == 1 ? Answer.call("get_weather", "{\"city\": \"Paris\"}", 2) : null);
    SimulatorSettings settings = SimulatorSettings.defaults().withHook(streams).withPrefillTokensPerSecond(20_000)
        .withFirstTokenDelay(Duration.ZERO).withDecodeTokensPerSecond(200);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      CaseResult run = EngineRun.of(server.baseUrl(), results, ToolCallScenarios.LongResult.class).record().results().get(0);
      List<Served> bodies = streams.awaitServed(6, Duration.ofSeconds(10));
      List<ServedRequest> played = server.awaitServedRequests(3, Duration.ofSeconds(10));
      assertThat(run.samples()).hasSize(6).extracting(SampleRecord::error).containsOnlyNulls();

      int resultTokens = SimTokenizer.countTokens(result);
      List<SampleRecord> second = run.samples().stream().filter(s -> s.turn() == 2).toList();
      assertThat(second).hasSize(3);
      List<Double> clientTtfts = new ArrayList<>();
      List<Double> serverTtfts = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        Served sent = bodies.stream().filter(b -> b.answer() == null).toList().get(i);
        JsonNode messages = sent.body().get("messages");
        assertThat(messages).extracting(m -> m.get("role").asText()).containsExactly("user", "assistant", "tool");
        assertThat(messages.get(1).get("tool_calls")).isEqualTo(JSON.readTree("[{\"id\":\"call_1\",\"type\":\"function\","
            + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\": \\\"Paris\\\"}\"}}]"));
        assertThat(messages.get(2).get("tool_call_id").asText()).isEqualTo("call_1");
        assertThat(messages.get(2).get("content").asText()).isEqualTo(result);
        assertThat(sent.body().get("tools")).isEqualTo(JSON.readTree(resource("weather-tools.json")));

        ServedRequest server2 = played.get(i);
        assertThat(server2.request().messages()).extracting(dev.llmh.front.Message::role).containsExactly("user", "assistant", "tool");
        // the prompt the server prefilled holds the whole result
        assertThat(server2.outcome().promptTokens()).isGreaterThanOrEqualTo(resultTokens);
        double serverTtft = (server2.times().contentChunkNanos().get(0) - server2.times().arrivalNanos()) / 1e6;
        assertThat(serverTtft).as("prefill of %s tokens at 20,000 tok/s", server2.outcome().promptTokens())
            .isGreaterThanOrEqualTo(server2.outcome().promptTokens() / 20.0 - 1);
        clientTtfts.add(second.get(i).times().ttftMs());
        serverTtfts.add(serverTtft);
      }
      Offsets ttft = Offsets.of("second turn ttft", clientTtfts, serverTtfts);
      System.out.println(ttft);
      assertThat(ttft.spanDisagreement(Offsets.chunkGapMs(played))).as("%s", ttft).isNull();
    }
  }

  /** Every sample against the server's record of its request (paired by the request number it reports as prompt tokens). */
  private static void assertAgree(CaseResult result, List<Served> served, boolean ollama) throws Exception {
    assertThat(served).hasSize(20);
    Map<Long, Served> byNumber = served.stream().collect(Collectors.toMap(Served::requestNumber, Function.identity()));
    List<SampleRecord> samples = result.samples();
    assertThat(samples).hasSize(20);
    List<Double> clientTtft = new ArrayList<>();
    List<Double> serverTtft = new ArrayList<>();
    List<Double> clientGaps = new ArrayList<>();
    List<Double> serverGaps = new ArrayList<>();
    int passed = 0;
    for (SampleRecord sample : samples) {
      Served s = byNumber.remove((long) sample.promptTokens());
      assertThat(s).as("the served request sample %s names", sample.promptTokens()).isNotNull();
      Answer answer = s.answer();
      assertThat(sample.error()).isNull();
      // every chunk carrying generated output, and nothing else, is a chunk; usage says as many tokens
      assertThat(sample.chunkCount()).isEqualTo(s.chunkNanos().size());
      assertThat(sample.chunkMs()).hasSize(s.chunkNanos().size());
      assertThat(sample.outputTokens()).isEqualTo(s.chunkNanos().size());
      assertThat(s.chunkNanos()).hasSize(answer.name() == null ? 3 : ollama ? 1 : 1 + answer.pieces().size());
      assertThat(sample.reasoningChunks()).isZero();
      if (answer.name() == null) {
        assertThat(sample.answer().toolCalls()).isNull();
        assertThat(sample.answer().text()).isEqualTo(" It is sunny.");
      } else {
        String arguments = ollama && !answer.arguments().equals(CUT) ? JSON.readTree(answer.arguments()).toString() : answer.arguments();
        assertThat(sample.answer().toolCalls()).containsExactly(new ToolCall("get_weather", arguments));
        assertThat(sample.answer().text()).isEmpty();
        assertThat(sample.ttfoMs()).as("a tool call is the answer").isEqualTo(sample.times().ttftMs());
      }
      clientTtft.add(sample.times().ttftMs());
      serverTtft.add((s.chunkNanos().get(0) - s.arrivalNanos()) / 1e6);
      for (int k = 1; k < s.chunkNanos().size(); k++) {
        clientGaps.add(sample.chunkMs().get(k) - sample.chunkMs().get(k - 1));
        serverGaps.add((s.chunkNanos().get(k) - s.chunkNanos().get(k - 1)) / 1e6);
      }
      CheckOutcome check = sample.answer().checks().get(0);
      assertThat(sample.answer().checks()).hasSize(1);
      long n = s.requestNumber();
      if (n == 7) {
        assertThat(check).isEqualTo(new CheckOutcome("ExpectToolCall", false, "no tool call (the answer was text: \"It is sunny.\")"));
      } else if (n % 5 == 0) {
        assertThat(check.passed()).isFalse();
        assertThat(check.reason()).startsWith("get_weather: arguments not JSON: ");
      } else if (n % 5 == 3) {
        assertThat(check).isEqualTo(new CheckOutcome("ExpectToolCall", false,
            "get_weather: arguments without the required key city (its keys: unit)"));
      } else {
        assertThat(check).isEqualTo(new CheckOutcome("ExpectToolCall", true, null));
        passed++;
      }
    }
    assertThat(passed).isEqualTo(11);

    Offsets ttft = Offsets.of(result.caseId() + " ttft", clientTtft, serverTtft);
    System.out.println(ttft);
    assertThat(ttft.spanDisagreement(FIRST_CHUNK_MS)).as("%s", ttft).isNull();
    // the server's own first chunks against its schedule; a delay missed or paid twice is 120 ms off
    Offsets late = Offsets.of(result.caseId() + " server first chunk after arrival", serverTtft,
        serverTtft.stream().map(t -> FIRST_CHUNK_MS).toList());
    System.out.println(late);
    assertThat(late.lateDisagreement(Offsets.SPAN_FLOOR_MS, FIRST_CHUNK_MS)).as("%s", late).isNull();
    Offsets gaps = Offsets.of(result.caseId() + " itl", clientGaps, serverGaps);
    System.out.printf("%s; tolerance %.3f ms%n", gaps, gaps.tolerance(Offsets.GAP_FLOOR_MS));
    assertThat(gaps.gapDisagreement(Offsets.GAP_FLOOR_MS, 30.0)).as("%s", gaps).isNull();
    assertThat(result.metrics().get(CaseResult.ITL).n()).isEqualTo(clientGaps.size());

    assertThat(result.section(Section.CHECKS).names()).containsExactly("ExpectToolCall");
    assertThat(result.section(Section.CHECKS).counted()).isEqualTo(20);
    assertThat(result.section(Section.CHECKS).passed()).isEqualTo(11);
    assertThat(result.section(Section.CHECKS).successRate()).isEqualTo(55.0);
    // Clopper–Pearson at 95% two-sided for 11 of 20 (scipy.stats.beta.ppf(0.025, 11, 10), ppf(0.975, 12, 9))
    assertThat(result.section(Section.CHECKS).successRateCi().get(0)).isCloseTo(31.53, within(0.05));
    assertThat(result.section(Section.CHECKS).successRateCi().get(1)).isCloseTo(76.94, within(0.05));
    assertThat(result.constraints()).extracting(CaseResult.ConstraintRecord::verdict).containsExactly("PASS", "FAIL");
    assertThat(result.verdict()).isEqualTo("FAIL");
  }

  private static List<JsonNode> journal(Path dir) throws Exception {
    Path file;
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir)) {
      file = files.filter(p -> p.getFileName().toString().endsWith(".ndjson")).findFirst().orElseThrow();
    }
    List<JsonNode> lines = new ArrayList<>();
    for (String line : java.nio.file.Files.readAllLines(file)) {
      if (!line.isBlank()) {
        lines.add(ResultsFiles.mapper().readTree(line));
      }
    }
    return lines;
  }

  private static byte[] resource(String path) throws Exception {
    try (InputStream in = ToolCallScenarios.class.getClassLoader().getResourceAsStream(path)) {
      return in.readAllBytes();
    }
  }
}
