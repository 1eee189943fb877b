package dev.llmh.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The simulator against a plain JDK HttpClient (never an LLMH client): it is the ground truth of
 * the project's timing tests, so its own timing is checked both against its server-side records and
 * against what a client reads.
 */
@Timeout(20)
class SimulatedServerTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
  private static final double MS = 1e6;
  /** Chunks a stream may still write after its connection was closed, whichever side closed it. */
  private static final int WRITES_AFTER_A_CLOSE = 3;

  /** A fast server for functional checks: no delays at all. */
  private static SimulatorSettings fast() {
    return SimulatorSettings.defaults().withInstantPrefill().withDecodeTokensPerSecond(Double.POSITIVE_INFINITY);
  }

  @BeforeAll
  static void warmUp() throws Exception {
    // Load and JIT-warm the client and server paths so the timing tests measure the simulator.
    try (SimulatedServer server = SimulatedServer.start(fast())) {
      for (int i = 0; i < 20; i++) {
        stream(server, body("warm up", 8, i, true));
        post(server, body("warm up", 8, i, false));
      }
    }
  }

  // ---------------------------------------------------------------- functional

  @Test
  void modelsEndpointListsTheServersModel() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(fast().withModelId("sim-7b"))) {
      assertThat(server.baseUrl()).matches("http://127\\.0\\.0\\.1:\\d+/v1");
      HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/models"))
          .GET().build(), HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).isEqualTo(200);
      JsonNode root = JSON.readTree(r.body());
      assertThat(root.path("object").asText()).isEqualTo("list");
      assertThat(root.path("data")).hasSize(1);
      assertThat(root.path("data").get(0).path("id").asText()).isEqualTo("sim-7b");
      assertThat(root.path("data").get(0).path("object").asText()).isEqualTo("model");
      assertThat(root.path("data").get(0).path("owned_by").asText()).isEqualTo("llmh-sim");
    }
  }

  @Test
  void severalModelsEachServeWithTheirOwnTimingAndAnUnknownNameIsRefusedWithTheList() throws Exception {
    SimulatorSettings settings = fast().withFirstTokenDelay(Duration.ofMillis(5))
        .withModel(new SimulatorSettings.Model("slow", Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Duration.ofMillis(120), Duration.ofMillis(200)));
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      JsonNode listing = JSON.readTree(CLIENT.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/models")).GET().build(),
          HttpResponse.BodyHandlers.ofString()).body());
      assertThat(listing.path("data").findValuesAsText("id")).containsExactly("llmh-sim", "slow");

      assertEachModelsTiming(server);

      ObjectNode unknown = body("hi", 2, 1, false);
      unknown.put("model", "qwen2.5:7b");
      assertError(post(server, unknown), 404, "model 'qwen2.5:7b' not found; this server serves: llmh-sim, slow");
    }
  }

  /**
   * Four rounds of: the switch from llmh-sim to slow (its 200 ms load, then its 120 ms delay), slow
   * again (its delay alone), and the switch back (llmh-sim's 5 ms, no load). The closest two differ by
   * 115 ms, which one model's timing used for another's would add to or take from each of its sends.
   */
  private static void assertEachModelsTiming(SimulatedServer server) throws Exception {
    List<Stream> streams = new ArrayList<>();
    for (int round = 0; round < 4; round++) {
      for (String model : List.of("slow", "slow", "llmh-sim")) {
        ObjectNode request = body("hi", 2, 1, true);
        request.put("model", model);
        Stream s = stream(server, request);
        assertThat(s.chunks().get(1).path("model").asText()).isEqualTo(model);
        streams.add(s);
      }
    }
    List<ServedRequest> served = server.awaitServedRequests(12, Duration.ofSeconds(5));
    double[] plannedMs = {320.0, 120.0, 5.0};
    for (int kind = 0; kind < 3; kind++) {
      Schedule schedule = new Schedule();
      for (int round = 0; round < 4; round++) {
        ServedRequest r = served.get(3 * round + kind);
        assertThat(r.request().requestedModel()).isEqualTo(kind < 2 ? "slow" : "llmh-sim");
        schedule.add(r, plannedMs[kind], 0.0);
      }
      schedule.assertOnTime(115.0);
    }
    assertSpans(Offsets.of("ttft", streams.stream().map(s -> (s.contentNanos().get(0) - s.sentNanos()) / MS).toList(),
        served.stream().map(r -> (r.times().contentChunkNanos().get(0) - r.times().arrivalNanos()) / MS).toList()),
        Offsets.chunkGapMs(served));
  }

  @Test
  void nonStreamingResponseCountsTokensAndNamesTheServersModel() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(fast())) {
      ObjectNode req = JSON.createObjectNode();
      req.put("model", "gpt-4o");
      req.putArray("messages").addObject().put("role", "system").put("content", "Be brief.");
      ((com.fasterxml.jackson.databind.node.ArrayNode) req.get("messages")).addObject()
          .put("role", "user").put("content", "Hello, world!");
      req.put("max_tokens", 5);
      req.put("seed", 7);
      HttpResponse<String> r = post(server, req);
      assertThat(r.statusCode()).isEqualTo(200);
      JsonNode root = JSON.readTree(r.body());
      assertThat(root.path("object").asText()).isEqualTo("chat.completion");
      assertThat(root.path("model").asText()).isEqualTo("llmh-sim");
      JsonNode choice = root.path("choices").get(0);
      assertThat(choice.path("message").path("role").asText()).isEqualTo("assistant");
      assertThat(choice.path("message").path("content").asText()).isEqualTo(SimTokenizer.outputText(7, 0, 5));
      assertThat(SimTokenizer.countTokens(choice.path("message").path("content").asText())).isEqualTo(5);
      assertThat(choice.path("finish_reason").asText()).isEqualTo("length");
      // "Be brief." = Be, brief, .  and  "Hello, world!" = Hello , world !
      assertThat(root.path("usage").path("prompt_tokens").asInt()).isEqualTo(7);
      assertThat(root.path("usage").path("completion_tokens").asInt()).isEqualTo(5);
      assertThat(root.path("usage").path("total_tokens").asInt()).isEqualTo(12);

      ServedRequest served = server.awaitServedRequests(1, Duration.ofSeconds(2)).get(0);
      assertThat(served.request().streamed()).isFalse();
      assertThat(served.request().requestedModel()).isEqualTo("gpt-4o");
      assertThat(served.outcome().promptTokens()).isEqualTo(7);
      assertThat(served.outcome().completionTokens()).isEqualTo(5);
      assertThat(served.outcome().clientDisconnected()).isFalse();
    }
  }

  @Test
  void naturalLengthStopsBeforeMaxTokensWithFinishReasonStop() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(fast().withNaturalLength(3))) {
      JsonNode root = JSON.readTree(post(server, body("Say three words", 10, 1, false)).body());
      assertThat(root.path("usage").path("completion_tokens").asInt()).isEqualTo(3);
      assertThat(root.path("choices").get(0).path("finish_reason").asText()).isEqualTo("stop");

      Stream s = stream(server, body("Say three words", 3, 1, true));
      assertThat(s.contents()).hasSize(3);
      assertThat(s.finishReason()).isEqualTo("stop"); // max_tokens == natural length: not cut
    }
  }

  @Test
  void streamingSendsRoleContentFinishUsageAndDoneInOrder() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(fast().withTokensPerChunk(3))) {
      ObjectNode req = body("Tell me a story", 7, 3, true);
      req.putObject("stream_options").put("include_usage", true);
      req.put("cache_prompt", false); // unknown field: accepted, ignored
      Stream s = stream(server, req);
      assertThat(s.contentType()).startsWith("text/event-stream");

      List<String> data = s.data();
      assertThat(data).last().isEqualTo("[DONE]");
      List<JsonNode> chunks = s.chunks();
      assertThat(chunks).hasSize(1 + 3 + 1 + 1); // role, 3 content chunks (3+3+1 tokens), finish, usage
      assertThat(chunks).allSatisfy(c -> {
        assertThat(c.path("object").asText()).isEqualTo("chat.completion.chunk");
        assertThat(c.path("model").asText()).isEqualTo("llmh-sim");
        assertThat(c.path("id").asText()).startsWith("chatcmpl-").isEqualTo(chunks.get(0).path("id").asText());
      });
      JsonNode role = chunks.get(0).path("choices").get(0);
      assertThat(role.path("delta").path("role").asText()).isEqualTo("assistant");
      assertThat(role.path("delta").path("content").asText()).isEmpty();
      assertThat(role.path("finish_reason").isNull()).isTrue();
      for (int k = 1; k <= 3; k++) {
        JsonNode c = chunks.get(k).path("choices").get(0);
        assertThat(c.path("delta").has("role")).isFalse();
        assertThat(c.path("finish_reason").isNull()).isTrue();
        assertThat(SimTokenizer.countTokens(c.path("delta").path("content").asText()))
            .isEqualTo(k < 3 ? 3 : 1);
      }
      JsonNode finish = chunks.get(4).path("choices").get(0);
      assertThat(finish.path("delta").size()).isZero();
      assertThat(finish.path("finish_reason").asText()).isEqualTo("length");
      JsonNode usage = chunks.get(5);
      assertThat(usage.path("choices")).isEmpty();
      assertThat(usage.path("usage").path("prompt_tokens").asInt()).isEqualTo(4);
      assertThat(usage.path("usage").path("completion_tokens").asInt()).isEqualTo(7);
      assertThat(usage.path("usage").path("total_tokens").asInt()).isEqualTo(11);
      assertThat(String.join("", s.contents())).isEqualTo(SimTokenizer.outputText(3, 0, 7));

      ServedRequest served = server.awaitServedRequests(1, Duration.ofSeconds(2)).get(0);
      assertThat(served.request().streamed()).isTrue();
      assertThat(served.times().contentChunkNanos()).hasSize(3);
      assertThat(served.outcome().completionTokens()).isEqualTo(7);
      assertThat(served.outcome().finishReason()).isEqualTo("length");
    }
  }

  @Test
  void streamingWithoutIncludeUsageOrRoleChunkSendsNeither() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(fast().withRoleChunkFirst(false))) {
      Stream s = stream(server, body("Hi", 4, 0, true));
      List<JsonNode> chunks = s.chunks();
      assertThat(chunks).hasSize(4 + 1);
      assertThat(chunks).noneMatch(c -> c.has("usage"));
      assertThat(chunks.get(0).path("choices").get(0).path("delta").has("role")).isFalse();
      assertThat(chunks.get(0).path("choices").get(0).path("delta").path("content").asText()).isNotEmpty();
      assertThat(s.data()).last().isEqualTo("[DONE]");
    }
  }

  @Test
  void sameSeedGivesSameTextAndAnotherSeedDifferentText() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(fast())) {
      String a = String.join("", stream(server, body("Write", 20, 42, true)).contents());
      String b = JSON.readTree(post(server, body("Something else", 20, 42, false)).body())
          .path("choices").get(0).path("message").path("content").asText();
      String c = String.join("", stream(server, body("Write", 20, 43, true)).contents());
      assertThat(a).isEqualTo(b).isEqualTo(SimTokenizer.outputText(42, 0, 20));
      assertThat(c).isNotEqualTo(a);
      assertThat(SimTokenizer.countTokens(c)).isEqualTo(20);
    }
    // and across server instances
    try (SimulatedServer other = SimulatedServer.start(fast().withSlots(1))) {
      assertThat(String.join("", stream(other, body("Write", 20, 42, true)).contents()))
          .isEqualTo(SimTokenizer.outputText(42, 0, 20));
    }
  }

  @Test
  void rejectsBadRequestsWith400() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(fast())) {
      assertError(postRaw(server, "{not json", null), 400, "malformed JSON");
      assertError(postRaw(server, "[1,2]", null), 400, "JSON object");
      assertError(postRaw(server, "{\"model\":\"m\"}", null), 400, "messages");
      assertError(postRaw(server, "{\"messages\":[]}", null), 400, "messages");
      assertError(post(server, body("hi", 0, 1, true)), 400, "max_tokens");
      ObjectNode completionTokens = body("hi", 5, 1, false);
      completionTokens.remove("max_tokens");
      completionTokens.put("max_completion_tokens", -1);
      assertError(post(server, completionTokens), 400, "max_completion_tokens");
      assertThat(server.servedRequests()).isEmpty();
    }
  }

  @Test
  void requiresTheApiKeyWhenConfigured() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(fast().withRequiredApiKey("s3cret"))) {
      String ok = JSON.writeValueAsString(body("hi", 2, 1, false));
      assertError(postRaw(server, ok, null), 401, "API key");
      assertError(postRaw(server, ok, "Bearer wrong"), 401, "API key");
      assertThat(CLIENT.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/models")).build(),
          HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
      assertThat(postRaw(server, ok, "Bearer s3cret").statusCode()).isEqualTo(200);
      assertThat(server.settings().toString()).doesNotContain("s3cret");
    }
  }

  @Test
  void unknownPathIs404AndWrongMethodIs405() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(fast())) {
      HttpResponse<String> notFound = CLIENT.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/embeddings"))
          .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
      assertError(notFound, 404, "no such endpoint");
      HttpResponse<String> wrong = CLIENT.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
          .GET().build(), HttpResponse.BodyHandlers.ofString());
      assertError(wrong, 405, "POST");
      assertThat(wrong.headers().firstValue("Allow")).hasValue("POST");
    }
  }

  // ---------------------------------------------------------------- timing

  @Test
  void firstTokenDelayAndDecodeRateAreWhatTheClientSees() throws Exception {
    SimulatorSettings settings = SimulatorSettings.defaults().withInstantPrefill()
        .withFirstTokenDelay(Duration.ofMillis(100)).withDecodeTokensPerSecond(50);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      stream(server, body("warm", 2, 1, true)); // connection and code paths warm
      int n = 8;
      List<Double> clientTtfts = new ArrayList<>();
      List<Double> serverTtfts = new ArrayList<>();
      List<Double> clientGaps = new ArrayList<>();
      List<Double> serverGaps = new ArrayList<>();
      Schedule schedule = new Schedule();
      for (int i = 0; i < 8; i++) {
        Stream s = stream(server, body("Measure me", n, i, true));
        ServedRequest served = server.awaitServedRequests(i + 2, Duration.ofSeconds(2)).get(i + 1);
        List<Long> t = s.contentNanos();
        List<Long> sent = served.times().contentChunkNanos();
        assertThat(t).hasSize(n);
        assertThat(sent).hasSize(n);
        // the role chunk arrives at once, before the server even sends the first content
        assertThat(s.roleNanos()).as("role chunk read vs first content sent").isLessThan(sent.get(0));
        // server-side truth: chunk k at slot + 100 ms + k * 20 ms, on absolute deadlines
        schedule.add(served, 100.0, 20.0);
        // one clock: the client reads each chunk after the server sent it
        for (int k = 0; k < n; k++) {
          assertThat(t.get(k)).as("client read of chunk %d vs server send", k).isGreaterThan(sent.get(k));
        }
        assertThat(served.times().arrivalNanos()).isGreaterThan(s.sentNanos());
        clientTtfts.add((t.get(0) - s.sentNanos()) / MS);
        serverTtfts.add((sent.get(0) - served.times().arrivalNanos()) / MS);
        for (int k = 1; k < n; k++) {
          clientGaps.add((t.get(k) - t.get(k - 1)) / MS);
          serverGaps.add((sent.get(k) - sent.get(k - 1)) / MS);
        }
      }
      schedule.assertOnTime(20.0);
      // what the client reads is what the server did, within the noise measured on these requests;
      // a chunk held back or sent in a batch would move the TTFT or a gap by a whole gap (20 ms)
      assertSpans(Offsets.of("ttft", clientTtfts, serverTtfts), 20.0);
      System.out.println(Offsets.of("gaps", clientGaps, serverGaps));
      assertThat(Offsets.of("gaps", clientGaps, serverGaps).gapDisagreement(Offsets.GAP_FLOOR_MS, 20.0)).isNull();
    }
  }

  @Test
  void oneSlotMakesTheSecondRequestWaitForTheFirst() throws Exception {
    SimulatorSettings settings = SimulatorSettings.defaults().withInstantPrefill().withSlots(1)
        .withFirstTokenDelay(Duration.ofMillis(50)).withDecodeTokensPerSecond(100);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      CompletableFuture<Stream> a = CompletableFuture.supplyAsync(() -> streamUnchecked(server, body("A", 5, 1, true)));
      CompletableFuture<Stream> b = CompletableFuture.supplyAsync(() -> streamUnchecked(server, body("B", 5, 2, true)));
      Stream sa = a.get();
      Stream sb = b.get();
      Stream firstDone = sa.doneNanos() < sb.doneNanos() ? sa : sb;
      Stream second = firstDone == sa ? sb : sa;

      List<ServedRequest> served = server.awaitServedRequests(2, Duration.ofSeconds(2));
      ServedRequest s1 = served.get(0);
      ServedRequest s2 = served.get(1);
      // the second got the slot only when the first had sent its last chunk, then took its own 50 ms
      assertThat(s2.times().slotAcquiredNanos()).isGreaterThanOrEqualTo(s1.times().contentChunkNanos().get(4));
      Schedule schedule = new Schedule();
      schedule.add(s1, 50.0, 10.0);
      schedule.add(s2, 50.0, 10.0);
      assertThat(schedule.lateness().min()).as("%s", schedule.lateness()).isGreaterThanOrEqualTo(0.0);
      // client view: the second's first token after the first's end, its TTFT containing the wait
      assertThat(second.contentNanos().get(0)).isGreaterThan(firstDone.doneNanos());
      assertThat(second.contentNanos().get(0) - second.sentNanos())
          .isGreaterThan(s2.times().contentChunkNanos().get(0) - s2.times().arrivalNanos())
          .isGreaterThan(s2.queueNanos() + 50 * (long) MS);
    }
  }

  @Test
  void prefillRateDelaysTheFirstTokenByPromptTokensOverRate() throws Exception {
    // 50 tok/s: a chunk gap (20 ms) that a delay in the schedule could add stands out of the noise
    SimulatorSettings settings = SimulatorSettings.defaults().withPrefillTokensPerSecond(1000)
        .withDecodeTokensPerSecond(50);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      stream(server, body("warm", 1, 1, true));
      String longPrompt = "word ".repeat(300);
      List<Stream> streams = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        streams.add(stream(server, body("hi", 2, 1, true)));
        ObjectNode longBody = body(longPrompt, 2, 1, true);
        longBody.putObject("stream_options").put("include_usage", true);
        Stream longStream = stream(server, longBody);
        assertThat(longStream.chunks().get(longStream.chunks().size() - 1).path("usage")
            .path("prompt_tokens").asInt()).isEqualTo(300);
        assertThat((longStream.contentNanos().get(0) - longStream.sentNanos()) / MS).isGreaterThan(300.0);
        streams.add(longStream);
      }

      // server-side truth: 300 tokens at 1000 tok/s cost 300 ms, "hi" costs 1 ms
      List<ServedRequest> served = server.awaitServedRequests(9, Duration.ofSeconds(2)).subList(1, 9);
      Schedule schedule = new Schedule();
      for (ServedRequest r : served) {
        assertThat(r.outcome().promptTokens()).isIn(1, 300);
        schedule.add(r, r.outcome().promptTokens() / 1000.0 * 1000, 20.0);
      }
      schedule.assertOnTime(20.0);
      // client view: what the server did, request by request; a prefill left out would be 299 ms
      List<Double> clientTtfts = streams.stream().map(s -> (s.contentNanos().get(0) - s.sentNanos()) / MS).toList();
      assertSpans(Offsets.of("ttft", clientTtfts,
          served.stream().map(r -> (r.times().contentChunkNanos().get(0) - r.times().arrivalNanos()) / MS).toList()), 20.0);
    }
  }

  @Test
  void aClientThatDisconnectsMidStreamFreesTheSlot() throws Exception {
    SimulatorSettings settings = SimulatorSettings.defaults().withInstantPrefill().withSlots(1)
        .withDecodeTokensPerSecond(50);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      // 1000 tokens at 50 tok/s would hold the only slot for 20 s
      BufferedReader reader = longStreamAfter(server, 4);
      long closing = System.nanoTime();
      reader.close();
      stream(server, body("next", 2, 2, true));

      List<ServedRequest> served = server.awaitServedRequests(2, Duration.ofSeconds(2));
      ServedRequest abandoned = served.get(0);
      ServedRequest next = served.get(1);
      // noticed at a write soon after the client closed (the socket takes one or two more), not at the
      // end: counted from the close, however late a busy machine let the client make it
      assertThat(abandoned.outcome().clientDisconnected()).isTrue();
      assertThat(abandoned.times().contentChunkNanos()).hasSize(abandoned.outcome().completionTokens());
      assertThat(abandoned.outcome().completionTokens()).isGreaterThanOrEqualTo(4);
      assertWrittenAfter(abandoned, closing, "the client's close");
      // then the slot passes to the next request, in the server's own record: after the abandoned stream's
      // last chunk, long before its 1,000th was due
      List<Long> abandonedChunks = abandoned.times().contentChunkNanos();
      assertThat(next.times().slotAcquiredNanos()).isGreaterThan(abandonedChunks.get(abandoned.outcome().completionTokens() - 1))
          .isLessThan(abandoned.times().slotAcquiredNanos() + 999 * 20 * (long) MS);
      assertThat(next.outcome().clientDisconnected()).isFalse();
      assertThat(next.outcome().completionTokens()).isEqualTo(2);
    }
  }

  @Test
  void closeEndsAStreamInFlightPromptly() throws Exception {
    SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withInstantPrefill()
        .withDecodeTokensPerSecond(50));
    BufferedReader reader = longStreamAfter(server, 2);
    long closing = System.nanoTime();
    server.close();
    long closed = System.nanoTime();
    // the stream ends (EOF or a reset) instead of running for 20 s
    try {
      while (reader.readLine() != null) {
        // drain what was already sent
      }
    } catch (IOException expected) {
      // connection closed under the client
    }
    long ended = System.nanoTime();
    reader.close();
    // the server's record of the stream: cut within a few chunks of the 2 read (as a client's
    // disconnect is), and both the close and the stream's end long before its last chunk was due
    ServedRequest cut = server.awaitServedRequests(1, Duration.ofSeconds(2)).get(0);
    assertThat(cut.outcome().clientDisconnected()).isTrue();
    assertThat(cut.outcome().completionTokens()).isGreaterThanOrEqualTo(2);
    assertWrittenAfter(cut, closing, "the server's close");
    long lastDue = cut.times().slotAcquiredNanos() + 999 * 20 * (long) MS;
    assertThat(closed).as("close returned before the stream's end was due").isLessThan(lastDue);
    assertThat(ended).as("the client read the end before the stream's end was due").isLessThan(lastDue);
  }

  // ---------------------------------------------------------------- helpers

  /**
   * At most {@link #WRITES_AFTER_A_CLOSE} of {@code r}'s chunks written after {@code closingNanos}:
   * one the socket accepted before the close took effect, one in flight, one that met the reset.
   */
  private static void assertWrittenAfter(ServedRequest r, long closingNanos, String close) {
    long after = r.times().contentChunkNanos().stream().filter(t -> t > closingNanos).count();
    System.out.printf("%d of %d chunks written after %s%n", after, r.outcome().completionTokens(), close);
    assertThat(after).as("chunks written after %s", close).isLessThanOrEqualTo(WRITES_AFTER_A_CLOSE);
  }

  /** Starts a stream of 1000 tokens and reads it until {@code contents} content chunks have arrived. */
  private static BufferedReader longStreamAfter(SimulatedServer server, int contents) throws Exception {
    HttpResponse<InputStream> r = CLIENT.send(request(server, body("long", 1000, 1, true)),
        HttpResponse.BodyHandlers.ofInputStream());
    BufferedReader reader = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
    for (int read = 0; read < contents; ) {
      String line = reader.readLine();
      assertThat(line).isNotNull();
      if (line.startsWith("data: ") && line.contains("\"content\":\" ")) {
        read++;
      }
    }
    return reader;
  }

  private static ObjectNode body(String prompt, int maxTokens, long seed, boolean stream) {
    ObjectNode req = JSON.createObjectNode();
    req.put("model", "whatever");
    req.putArray("messages").addObject().put("role", "user").put("content", prompt);
    req.put("max_tokens", maxTokens);
    req.put("temperature", 0.0);
    req.put("seed", seed);
    req.put("stream", stream);
    return req;
  }

  private static HttpRequest request(SimulatedServer server, ObjectNode body) throws IOException {
    return HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
        .timeout(Duration.ofSeconds(10))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
        .build();
  }

  private static HttpResponse<String> post(SimulatedServer server, ObjectNode body) throws Exception {
    return CLIENT.send(request(server, body), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> postRaw(SimulatedServer server, String body, String authorization) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
        .timeout(Duration.ofSeconds(10))
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void assertError(HttpResponse<String> r, int status, String messagePart) throws IOException {
    assertThat(r.statusCode()).isEqualTo(status);
    assertThat(JSON.readTree(r.body()).path("error").path("message").asText()).contains(messagePart);
  }

  /** One SSE line, read at {@code nanos}. */
  private record Line(long nanos, String data) {
  }

  /** A streamed response as the client read it. */
  private record Stream(long sentNanos, String contentType, List<Line> lines) {
    List<String> data() {
      return lines.stream().map(Line::data).collect(Collectors.toList());
    }

    List<JsonNode> chunks() {
      List<JsonNode> out = new ArrayList<>();
      for (Line l : lines) {
        if (!l.data().equals("[DONE]")) {
          try {
            out.add(JSON.readTree(l.data()));
          } catch (IOException e) {
            throw new AssertionError("not JSON: " + l.data(), e);
          }
        }
      }
      return out;
    }

    private List<Integer> contentIndexes() {
      List<JsonNode> chunks = chunks();
      List<Integer> idx = new ArrayList<>();
      for (int i = 0; i < chunks.size(); i++) {
        JsonNode delta = chunks.get(i).path("choices").path(0).path("delta");
        if (!delta.path("content").asText("").isEmpty()) {
          idx.add(i);
        }
      }
      return idx;
    }

    List<String> contents() {
      List<JsonNode> chunks = chunks();
      return contentIndexes().stream()
          .map(i -> chunks.get(i).path("choices").path(0).path("delta").path("content").asText())
          .collect(Collectors.toList());
    }

    List<Long> contentNanos() {
      return contentIndexes().stream().map(i -> lines.get(i).nanos()).collect(Collectors.toList());
    }

    long roleNanos() {
      return lines.get(0).nanos();
    }

    long doneNanos() {
      return lines.get(lines.size() - 1).nanos();
    }

    String finishReason() {
      return chunks().stream().map(c -> c.path("choices").path(0).path("finish_reason"))
          .filter(f -> f.isTextual()).map(JsonNode::asText).findFirst().orElse(null);
    }
  }

  private static Stream stream(SimulatedServer server, ObjectNode body) throws Exception {
    HttpRequest req = request(server, body);
    long sent = System.nanoTime();
    HttpResponse<InputStream> r = CLIENT.send(req, HttpResponse.BodyHandlers.ofInputStream());
    assertThat(r.statusCode()).isEqualTo(200);
    List<Line> lines = new ArrayList<>();
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        long now = System.nanoTime();
        if (line.startsWith("data: ")) {
          lines.add(new Line(now, line.substring(6)));
        } else {
          assertThat(line).isEmpty();
        }
      }
    }
    return new Stream(sent, r.headers().firstValue("Content-Type").orElse(""), lines);
  }

  private static Stream streamUnchecked(SimulatedServer server, ObjectNode body) {
    try {
      return stream(server, body);
    } catch (Exception e) {
      throw new RuntimeException(e);
    }
  }

  /**
   * The server's sends of content chunks against its own schedule, over several requests: chunk k
   * planned at slot + firstMs + k × gapMs. How late a loaded machine makes each wake-up is noise,
   * measured here on these very sends ({@link Offsets#lateDisagreement}); a send before its time, or
   * a delay every send shares, is the simulator's own error.
   */
  private static final class Schedule {
    private final List<Double> sent = new ArrayList<>();
    private final List<Double> planned = new ArrayList<>();

    void add(ServedRequest r, double firstMs, double gapMs) {
      List<Long> chunks = r.times().contentChunkNanos();
      for (int k = 0; k < chunks.size(); k++) {
        sent.add((chunks.get(k) - r.times().slotAcquiredNanos()) / MS);
        planned.add(firstMs + k * gapMs);
      }
    }

    Offsets lateness() {
      return Offsets.of("server lateness", sent, planned);
    }

    /**
     * No send early, none delayed by {@code errorMs} (a chunk gap too many, say) beyond the noise: the
     * floor is a busy core's scheduler slice, or half the error if that is less, so that the error
     * always clears it.
     */
    void assertOnTime(double errorMs) {
      Offsets lateness = lateness();
      double floor = Math.min(Offsets.SPAN_FLOOR_MS, errorMs / 2);
      System.out.printf("%s; tolerance %.3f ms, must catch %.3f ms%n", lateness, lateness.tolerance(floor), errorMs);
      assertThat(lateness.lateDisagreement(floor, errorMs)).isNull();
    }
  }

  /**
   * Client spans from the send against the server's from arrival, by {@link Offsets#spanDisagreement}:
   * a shift by {@code errorMs} (a chunk gap, a model's first-token delay) is caught.
   */
  private static void assertSpans(Offsets offsets, double errorMs) {
    System.out.println(offsets);
    assertThat(offsets.spanDisagreement(errorMs)).isNull();
  }
}
