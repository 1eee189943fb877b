package dev.llmh.embedded.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The embedded server over a {@link FakeEngine}, through a real HTTP client on 127.0.0.1. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class EmbeddedServerTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final HttpClient CLIENT = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5))
      .build();
  private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "embedded-server-test");
    t.setDaemon(true);
    return t;
  });
  private static final String MODEL = "llmh-test";

  private FakeEngine engine;
  private EmbeddedServer server;

  private void start(int slots, int slotContext) {
    engine = new FakeEngine(slots, slotContext);
    server = EmbeddedServer.start(engine, MODEL, 0);
  }

  /** As {@link #start}, with an engine that answers {@code naturalLength} pieces, {@code pieceDelayMillis} apart. */
  private void startPaced(int slots, int slotContext, int pieceDelayMillis, int naturalLength) {
    start(slots, slotContext);
    engine.pieceDelayMillis = pieceDelayMillis;
    engine.naturalLength = naturalLength;
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @AfterAll
  static void shutdownPool() {
    POOL.shutdownNow();
  }

  // ---------------------------------------------------------------- models

  @Test
  void modelsListsTheServersModelWithEngineMeta() throws Exception {
    start(3, 512);
    HttpResponse<String> r = get("/v1/models");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
    JsonNode root = MAPPER.readTree(r.body());
    assertThat(root.path("object").asText()).isEqualTo("list");
    assertThat(root.path("data")).hasSize(1);
    JsonNode model = root.path("data").get(0);
    assertThat(model.path("id").asText()).isEqualTo(MODEL);
    assertThat(model.path("object").asText()).isEqualTo("model");
    assertThat(model.path("owned_by").asText()).isEqualTo("llmh-embedded");
    JsonNode meta = model.path("meta");
    assertThat(meta.path("engine").asText()).isEqualTo("fake");
    assertThat(meta.path("engineVersion").asText()).isEqualTo("1.2.3");
    assertThat(meta.path("modelFile").asText()).isEqualTo("fake.gguf");
    assertThat(meta.path("modelBytes").asLong()).isEqualTo(4096L);
    assertThat(meta.path("modelSha256").asText()).isEqualTo("ab".repeat(32));
    assertThat(meta.path("modelShape").asText()).isEqualTo("layers=2 width=64");
    assertThat(meta.path("tensorType").asText()).isEqualTo("Q8_0");
    assertThat(meta.path("architecture").asText()).isEqualTo("llama");
    assertThat(meta.path("slots").asInt()).isEqualTo(3);
    assertThat(meta.path("slotContext").asInt()).isEqualTo(512);
  }

  @Test
  void severalModelsAreServedByNameEachLoadedWhenFirstNamedAndAnUnknownNameIsRefusedWithTheList() throws Exception {
    engine = new FakeEngine(2, 512);
    FakeEngine tiny = new FakeEngine(2, 256);
    List<String> opened = new ArrayList<>();
    server = EmbeddedServer.start(new ModelShelf("small", "llmh-small", engine, List.of("tiny"), name -> {
      opened.add(name);
      return tiny;
    }), 0);
    JsonNode before = MAPPER.readTree(get("/v1/models").body()).path("data");
    assertThat(before.findValuesAsText("id")).containsExactly("llmh-small", "llmh-tiny");
    assertThat(before.get(1).path("meta").path("loaded").asBoolean()).isFalse();
    assertThat(opened).isEmpty(); // listed, not loaded

    String body = "{\"model\":%s,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"max_tokens\":2}";
    assertThat(MAPPER.readTree(post("/v1/chat/completions", body.formatted("\"tiny\"")).body()).path("model").asText())
        .isEqualTo("llmh-tiny");
    assertThat(MAPPER.readTree(post("/v1/chat/completions", body.formatted("\"llmh-tiny\"")).body()).path("model").asText())
        .isEqualTo("llmh-tiny");
    assertThat(MAPPER.readTree(post("/v1/chat/completions", body.formatted("null")).body()).path("model").asText())
        .isEqualTo("llmh-small");
    assertThat(MAPPER.readTree(post("/v1/chat/completions", body.formatted("\"small\"")).body()).path("model").asText())
        .isEqualTo("llmh-small");
    assertThat(opened).containsExactly("tiny"); // once, on first use
    assertThat(tiny.started.get()).isEqualTo(2);
    assertThat(engine.started.get()).isEqualTo(2);
    JsonNode after = MAPPER.readTree(get("/v1/models").body()).path("data");
    assertThat(after.get(1).path("meta").path("loaded").asBoolean()).isTrue();
    assertThat(after.get(1).path("meta").path("slotContext").asInt()).isEqualTo(256);

    HttpResponse<String> unknown = post("/v1/chat/completions", body.formatted("\"qwen2.5:7b\""));
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(MAPPER.readTree(unknown.body()).path("error").path("message").asText())
        .isEqualTo("model 'qwen2.5:7b' not found; this server serves: llmh-small, llmh-tiny (by name: small, tiny)");
  }

  // ---------------------------------------------------------------- chat

  @Test
  void chatNonStreamingAnswersAsTheServersModelWithUsageAndTimings() throws Exception {
    start(1, 512);
    HttpResponse<String> r = post("/v1/chat/completions", """
        {"model":"gpt-4o","messages":[{"role":"user","content":"hello there"}],
         "max_tokens":3,"seed":7,"cache_prompt":true,"logit_bias":{}}""");
    assertThat(r.statusCode()).isEqualTo(200);
    JsonNode root = MAPPER.readTree(r.body());
    assertThat(root.path("object").asText()).isEqualTo("chat.completion");
    assertThat(root.path("model").asText()).isEqualTo(MODEL);
    assertThat(root.path("id").asText()).startsWith("chatcmpl-");
    JsonNode choice = root.path("choices").get(0);
    assertThat(choice.path("message").path("role").asText()).isEqualTo("assistant");
    assertThat(choice.path("message").path("content").asText()).isEqualTo("s7t0 s7t1 s7t2");
    assertThat(choice.path("finish_reason").asText()).isEqualTo("length");

    // the prompt the engine got is the chat template applied to the messages, with the prompt cache on
    String prompt = engine.lastRequest.prompt();
    assertThat(engine.lastRequest.cachePrompt()).isTrue();
    assertThat(prompt).isEqualTo("<|im_start|>user hello there <|im_end|>\n<|im_start|>assistant ");
    int promptTokens = engine.countTokens(prompt) + 1;
    JsonNode usage = root.path("usage");
    assertThat(usage.path("prompt_tokens").asInt()).isEqualTo(promptTokens);
    assertThat(usage.path("completion_tokens").asInt()).isEqualTo(3);
    assertThat(usage.path("total_tokens").asInt()).isEqualTo(promptTokens + 3);
    assertTimings(root.path("timings"), promptTokens, 3);
  }

  @Test
  void chatStreamingSendsRoleContentFinishUsageThenDone() throws Exception {
    start(1, 512);
    HttpResponse<String> r = post("/v1/chat/completions", """
        {"model":"other","messages":[{"role":"system","content":"be brief"},{"role":"user","content":"hi"}],
         "max_tokens":4,"seed":3,"stream":true,"stream_options":{"include_usage":true}}""");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
    List<String> events = events(r.body());
    assertThat(events.get(events.size() - 1)).isEqualTo("[DONE]");
    List<JsonNode> chunks = json(events.subList(0, events.size() - 1));
    // role, 4 content pieces, finish, usage
    assertThat(chunks).hasSize(7);
    for (JsonNode c : chunks) {
      assertThat(c.path("object").asText()).isEqualTo("chat.completion.chunk");
      assertThat(c.path("model").asText()).isEqualTo(MODEL);
      assertThat(c.path("id").asText()).isEqualTo(chunks.get(0).path("id").asText());
    }
    JsonNode role = chunks.get(0).path("choices").get(0);
    assertThat(role.path("delta").path("role").asText()).isEqualTo("assistant");
    assertThat(role.path("delta").path("content").asText()).isEmpty();
    assertThat(role.path("finish_reason").isNull()).isTrue();
    StringBuilder content = new StringBuilder();
    for (JsonNode c : chunks.subList(1, 5)) {
      JsonNode choice = c.path("choices").get(0);
      assertThat(choice.path("finish_reason").isNull()).isTrue();
      assertThat(c.has("timings")).isFalse();
      content.append(choice.path("delta").path("content").asText());
    }
    assertThat(content.toString()).isEqualTo("s3t0 s3t1 s3t2 s3t3");
    JsonNode finish = chunks.get(5);
    assertThat(finish.path("choices").get(0).path("delta").size()).isZero();
    assertThat(finish.path("choices").get(0).path("finish_reason").asText()).isEqualTo("length");
    int promptTokens = engine.countTokens(engine.lastRequest.prompt()) + 1;
    assertTimings(finish.path("timings"), promptTokens, 4);
    JsonNode usage = chunks.get(6);
    assertThat(usage.path("choices")).isEmpty();
    assertThat(usage.path("usage").path("prompt_tokens").asInt()).isEqualTo(promptTokens);
    assertThat(usage.path("usage").path("completion_tokens").asInt()).isEqualTo(4);
    assertThat(usage.path("usage").path("total_tokens").asInt()).isEqualTo(promptTokens + 4);
    assertTimings(usage.path("timings"), promptTokens, 4);
  }

  @Test
  void streamingWithoutIncludeUsageHasNoUsageChunk() throws Exception {
    start(1, 512);
    HttpResponse<String> r = post("/v1/chat/completions", """
        {"messages":[{"role":"user","content":"hi"}],"stream":true}""");
    assertThat(r.statusCode()).isEqualTo(200);
    List<String> events = events(r.body());
    assertThat(events.get(events.size() - 1)).isEqualTo("[DONE]");
    List<JsonNode> chunks = json(events.subList(0, events.size() - 1));
    // role, the 5 natural pieces (the default max_tokens is higher), finish
    assertThat(chunks).hasSize(7);
    assertThat(chunks).noneMatch(c -> c.has("usage"));
    assertThat(chunks).allMatch(c -> c.path("choices").size() == 1);
    JsonNode last = chunks.get(6);
    assertThat(last.path("choices").get(0).path("finish_reason").asText()).isEqualTo("stop");
    assertTimings(last.path("timings"), engine.countTokens(engine.lastRequest.prompt()) + 1, 5);
    assertThat(engine.lastRequest.maxTokens()).isEqualTo(EmbeddedServer.DEFAULTS.maxTokens());
  }

  @Test
  void requestParametersReachTheEngineAndStopEndsTheText() throws Exception {
    start(1, 512);
    HttpResponse<String> r = post("/v1/chat/completions", """
        {"messages":[{"role":"user","content":"hi"}],"max_completion_tokens":9,"max_tokens":2,
         "temperature":0.0,"seed":42,"stop":["t3"," s42t2"]}""");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(engine.lastRequest.maxTokens()).isEqualTo(9); // max_completion_tokens wins for chat
    assertThat(engine.lastRequest.temperature()).isEqualTo(0.0);
    assertThat(engine.lastRequest.seed()).isEqualTo(42L);
    assertThat(engine.lastRequest.stop()).containsExactly("t3", " s42t2");
    JsonNode choice = MAPPER.readTree(r.body()).path("choices").get(0);
    assertThat(choice.path("message").path("content").asText()).isEqualTo("s42t0 s42t1");
    assertThat(choice.path("finish_reason").asText()).isEqualTo("stop");

    HttpResponse<String> single = post("/v1/completions", """
        {"prompt":"a b","stop":"t1","seed":5}""");
    assertThat(single.statusCode()).isEqualTo(200);
    assertThat(engine.lastRequest.stop()).containsExactly("t1");
    assertThat(MAPPER.readTree(single.body()).path("choices").get(0).path("text").asText()).isEqualTo("s5t0 s5");
  }

  // ---------------------------------------------------------------- completions

  @Test
  void completionsUseThePromptAsIs() throws Exception {
    start(1, 512);
    HttpResponse<String> r = post("/v1/completions", """
        {"model":"x","prompt":"Once upon a time","max_tokens":2,"seed":1}""");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(engine.lastRequest.prompt()).isEqualTo("Once upon a time");
    JsonNode root = MAPPER.readTree(r.body());
    assertThat(root.path("object").asText()).isEqualTo("text_completion");
    assertThat(root.path("model").asText()).isEqualTo(MODEL);
    JsonNode choice = root.path("choices").get(0);
    assertThat(choice.path("text").asText()).isEqualTo("s1t0 s1t1");
    assertThat(choice.path("finish_reason").asText()).isEqualTo("length");
    assertThat(root.path("usage").path("prompt_tokens").asInt()).isEqualTo(5);
    assertThat(root.path("usage").path("completion_tokens").asInt()).isEqualTo(2);
    assertTimings(root.path("timings"), 5, 2);
  }

  @Test
  void cachePromptFalseMakesTheEngineDropTheSlotsPrefix() throws Exception {
    start(1, 512);
    assertThat(post("/v1/completions", """
        {"prompt":"Once upon a time","max_tokens":2,"cache_prompt":false}""").statusCode()).isEqualTo(200);
    assertThat(engine.lastRequest.cachePrompt()).isFalse();
    assertThat(post("/v1/completions", """
        {"prompt":"Once upon a time","max_tokens":2,"cache_prompt":"yes"}""").statusCode()).isEqualTo(400);
  }

  @Test
  void completionsStreamTextChunks() throws Exception {
    start(1, 512);
    HttpResponse<String> r = post("/v1/completions", """
        {"prompt":["one two"],"max_tokens":10,"seed":2,"stream":true,"stream_options":{"include_usage":true}}""");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(engine.lastRequest.prompt()).isEqualTo("one two");
    List<String> events = events(r.body());
    assertThat(events.get(events.size() - 1)).isEqualTo("[DONE]");
    List<JsonNode> chunks = json(events.subList(0, events.size() - 1));
    // no role chunk: 5 text pieces, finish, usage
    assertThat(chunks).hasSize(7);
    assertThat(chunks).allMatch(c -> c.path("object").asText().equals("text_completion")
        && c.path("model").asText().equals(MODEL));
    StringBuilder text = new StringBuilder();
    for (JsonNode c : chunks.subList(0, 5)) {
      text.append(c.path("choices").get(0).path("text").asText());
    }
    assertThat(text.toString()).isEqualTo("s2t0 s2t1 s2t2 s2t3 s2t4");
    JsonNode finish = chunks.get(5).path("choices").get(0);
    assertThat(finish.path("text").asText()).isEmpty();
    assertThat(finish.path("finish_reason").asText()).isEqualTo("stop");
    assertTimings(chunks.get(5).path("timings"), 3, 5);
    assertThat(chunks.get(6).path("choices")).isEmpty();
    assertThat(chunks.get(6).path("usage").path("total_tokens").asInt()).isEqualTo(8);
  }

  // ---------------------------------------------------------------- slots and queueing

  @Test
  void requestsBeyondTheSlotsQueueAndAllSucceed() throws Exception {
    startPaced(1, 512, 30, 4);
    String body = """
        {"messages":[{"role":"user","content":"hi"}],"stream":true}""";
    CompletableFuture<Timeline> first = CompletableFuture.supplyAsync(() -> timeline(body), POOL);
    await(() -> engine.started.get() == 1); // the first holds the only slot
    CompletableFuture<Timeline> second = CompletableFuture.supplyAsync(() -> timeline(body), POOL);
    Timeline a = first.get(8, TimeUnit.SECONDS);
    Timeline b = second.get(8, TimeUnit.SECONDS);
    assertThat(a.status()).isEqualTo(200);
    assertThat(b.status()).isEqualTo(200);
    assertThat(a.done()).isTrue();
    assertThat(b.done()).isTrue();
    assertThat(a.contentPieces()).isEqualTo(4);
    assertThat(b.contentPieces()).isEqualTo(4);
    // the second's first token comes after the first's last one: it waited for the slot
    assertThat(b.firstContentNanos()).isGreaterThan(a.lastContentNanos());
    assertThat(engine.maxActive.get()).isEqualTo(1);
  }

  @Test
  void concurrentRequestsUseAllSlotsButNoMore() throws Exception {
    startPaced(2, 512, 20, 3);
    List<CompletableFuture<HttpResponse<String>>> replies = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      replies.add(CLIENT.sendAsync(request("/v1/completions", "{\"prompt\":\"p " + i + "\"}"),
          HttpResponse.BodyHandlers.ofString()));
    }
    for (CompletableFuture<HttpResponse<String>> reply : replies) {
      HttpResponse<String> r = reply.get(8, TimeUnit.SECONDS);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(MAPPER.readTree(r.body()).path("choices").get(0).path("text").asText())
          .isEqualTo("s0t0 s0t1 s0t2");
    }
    assertThat(engine.finished.get()).isEqualTo(5);
    assertThat(engine.maxActive.get()).isEqualTo(2);
  }

  // ---------------------------------------------------------------- prompt too long

  @Test
  void aPromptThatCannotFitIsRejectedBeforeQueueing() throws Exception {
    start(1, 20);
    HttpResponse<String> r = post("/v1/completions", """
        {"prompt":"one two three four five six seven eight nine ten","max_tokens":11}""");
    assertThat(badRequestMessage(r))
        .contains("10 prompt tokens", "11 max tokens", "slot context of 20", "never truncated");
    assertThat(engine.started.get()).isZero();
    assertThat(engine.lastRequest).isNull();
  }

  @Test
  void theEnginesPromptTooLongBecomesA400EvenWhenStreaming() throws Exception {
    start(1, 20);
    // 10 words + 10 max tokens pass the server's count; the engine's BOS makes it 21 > 20
    HttpResponse<String> r = post("/v1/completions", """
        {"prompt":"one two three four five six seven eight nine ten","max_tokens":10,"stream":true}""");
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
    assertThat(badRequestMessage(r)).isEqualTo("fake engine: 11 prompt tokens + 10 max tokens > slot context 20");
    // and the slot was given back
    assertThat(post("/v1/completions", "{\"prompt\":\"short\",\"max_tokens\":2}").statusCode()).isEqualTo(200);
  }

  // ---------------------------------------------------------------- disconnects and failures

  @Test
  void aClientThatDisconnectsMidStreamStopsTheEngineAndFreesTheSlot() throws Exception {
    startPaced(1, 100_000, 10, 50_000);
    HttpResponse<InputStream> r = CLIENT.send(request("/v1/chat/completions", """
        {"messages":[{"role":"user","content":"go"}],"max_tokens":50000,"stream":true}"""),
        HttpResponse.BodyHandlers.ofInputStream());
    assertThat(r.statusCode()).isEqualTo(200);
    try (InputStream in = r.body()) {
      BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      int contentEvents = 0;
      for (String line; contentEvents < 3 && (line = lines.readLine()) != null; ) {
        if (line.contains("\"content\":\"") && !line.contains("\"role\"")) {
          contentEvents++;
        }
      }
      assertThat(contentEvents).isEqualTo(3);
    } // closing the body mid-stream closes the connection
    int emittedWhenGone = engine.emitted.get();
    await(() -> engine.sinkFailures.get() == 1 && engine.active.get() == 0);
    // noticed within a few pieces, counted in the engine's own pieces: far from the 50,000 of the stream
    assertThat(engine.emitted.get() - emittedWhenGone).as("pieces emitted after the client left")
        .isLessThan(50_000 / 100);
    assertThat(engine.finished.get()).isEqualTo(1);

    // the only slot is free: the next request is served (it would wait for the 50,000 pieces otherwise)
    engine.pieceDelayMillis = 0;
    HttpResponse<String> again = post("/v1/chat/completions", """
        {"messages":[{"role":"user","content":"again"}],"max_tokens":3}""");
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(MAPPER.readTree(again.body()).path("usage").path("completion_tokens").asInt()).isEqualTo(3);
    assertThat(engine.maxActive.get()).isEqualTo(1);
  }

  @Test
  void stopEndsAStreamInProgressSoTheEngineCanBeClosed() throws Exception {
    startPaced(1, 100_000, 10, 50_000);
    CompletableFuture<HttpResponse<String>> reply = CLIENT.sendAsync(request("/v1/completions", """
        {"prompt":"go","max_tokens":50000,"stream":true}"""), HttpResponse.BodyHandlers.ofString());
    await(() -> engine.started.get() == 1);
    Thread.sleep(50); // a few pieces out
    int emittedAtStop = engine.emitted.get();
    assertThat(server.stop(Duration.ofSeconds(3))).as("no generation left").isTrue();
    // ended within a few pieces, counted in the engine's own pieces: far from the 50,000 of the stream
    assertThat(engine.emitted.get() - emittedAtStop).as("pieces emitted after the stop").isLessThan(50_000 / 100);
    assertThat(engine.active.get()).isZero();
    assertThat(engine.sinkFailures.get()).isEqualTo(1);
    // the client sees the stream cut short, without [DONE]
    try {
      HttpResponse<String> cut = reply.get(5, TimeUnit.SECONDS);
      assertThat(cut.body()).doesNotContain("[DONE]");
    } catch (java.util.concurrent.ExecutionException e) {
      assertThat(e.getCause()).isInstanceOf(IOException.class);
    }
  }

  @Test
  void anEngineFailureMidStreamEndsTheStreamWithAnErrorEventAndNoDone() throws Exception {
    start(1, 512);
    engine.failBeforePiece = 2;
    HttpResponse<String> r = post("/v1/chat/completions", """
        {"messages":[{"role":"user","content":"hi"}],"stream":true}""");
    assertThat(r.statusCode()).isEqualTo(200);
    List<String> events = events(r.body());
    assertThat(events).doesNotContain("[DONE]");
    // role, two pieces, the error
    assertThat(events).hasSize(4);
    JsonNode error = MAPPER.readTree(events.get(3)).path("error");
    assertThat(error.path("message").asText()).contains("fake engine failure at piece 2");
    assertThat(error.path("type").asText()).isEqualTo("server_error");
    assertThat(engine.active.get()).isZero();
  }

  @Test
  void anEngineFailureBeforeAnyOutputIsA500() throws Exception {
    start(1, 512);
    engine.failBeforePiece = 0;
    for (boolean stream : new boolean[] {false, true}) {
      HttpResponse<String> r = post("/v1/completions", "{\"prompt\":\"x\",\"stream\":" + stream + "}");
      assertThat(r.statusCode()).isEqualTo(500);
      JsonNode error = MAPPER.readTree(r.body()).path("error");
      assertThat(error.path("type").asText()).isEqualTo("server_error");
      assertThat(error.path("message").asText()).contains("fake engine failure at piece 0");
    }
    engine.failBeforePiece = -1;
    assertThat(post("/v1/completions", "{\"prompt\":\"x\",\"max_tokens\":1}").statusCode()).isEqualTo(200);
  }

  // ---------------------------------------------------------------- errors

  @Test
  void unknownPathsAre404AndWrongMethods405() throws Exception {
    start(1, 512);
    HttpResponse<String> missing = get("/v1/embeddings");
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(MAPPER.readTree(missing.body()).path("error").path("message").asText()).contains("/v1/embeddings");

    HttpResponse<String> getChat = get("/v1/chat/completions");
    assertThat(getChat.statusCode()).isEqualTo(405);
    assertThat(getChat.headers().firstValue("Allow")).hasValue("POST");
    HttpResponse<String> postModels = post("/v1/models", "{}");
    assertThat(postModels.statusCode()).isEqualTo(405);
    assertThat(postModels.headers().firstValue("Allow")).hasValue("GET");
    assertThat(engine.started.get()).isZero();
  }

  @Test
  void badRequestsAre400WithAReason() throws Exception {
    start(1, 512);
    assertBadRequest("/v1/chat/completions", "{not json", "malformed JSON");
    assertBadRequest("/v1/chat/completions", "[1,2]", "JSON object");
    assertBadRequest("/v1/chat/completions", "{\"model\":\"m\"}", "'messages'");
    assertBadRequest("/v1/chat/completions", "{\"messages\":[]}", "'messages'");
    assertBadRequest("/v1/chat/completions", "{\"messages\":[{\"content\":\"x\"}]}", "'role'");
    assertBadRequest("/v1/chat/completions",
        "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":0}", "'max_tokens' must be at least 1");
    assertBadRequest("/v1/chat/completions",
        "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_completion_tokens\":-3}",
        "'max_completion_tokens' must be at least 1");
    assertBadRequest("/v1/chat/completions",
        "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"stop\":[1]}", "'stop'");
    assertBadRequest("/v1/completions", "{\"max_tokens\":5}", "'prompt'");
    assertBadRequest("/v1/completions", "{\"prompt\":\"x\",\"max_tokens\":0}", "'max_tokens' must be at least 1");
    assertBadRequest("/v1/completions", "{\"prompt\":\"x\",\"n\":2}", "'n'");
    assertThat(engine.started.get()).isZero();
  }

  // ---------------------------------------------------------------- helpers

  private void assertBadRequest(String path, String body, String reason) throws Exception {
    assertThat(badRequestMessage(post(path, body))).as(body).contains(reason);
  }

  /** The message of a reply that must be a 400 {@code invalid_request_error}. */
  private static String badRequestMessage(HttpResponse<String> r) throws IOException {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
    JsonNode error = MAPPER.readTree(r.body()).path("error");
    assertThat(error.path("type").asText()).isEqualTo("invalid_request_error");
    return error.path("message").asText();
  }

  private static void assertTimings(JsonNode timings, int promptTokens, int completionTokens) {
    assertThat(timings.isObject()).as("timings present").isTrue();
    assertThat(timings.path("prompt_n").asInt()).isEqualTo(promptTokens);
    assertThat(timings.path("prompt_ms").asDouble()).isEqualTo(1.5);
    assertThat(timings.path("predicted_n").asInt()).isEqualTo(completionTokens);
    assertThat(timings.path("predicted_ms").isNumber()).isTrue();
    assertThat(timings.path("predicted_ms").asDouble()).isGreaterThanOrEqualTo(0.0);
  }

  private HttpRequest request(String path, String body) {
    return HttpRequest.newBuilder(uri(path))
        .timeout(Duration.ofSeconds(8))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
    return CLIENT.send(request(path, body), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return CLIENT.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(8)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.port() + path);
  }

  /** The payloads of an SSE body, each {@code data: ...} event in order; every event is one data line. */
  private static List<String> events(String body) {
    List<String> events = new ArrayList<>();
    for (String event : body.split("\n\n")) {
      if (event.isEmpty()) {
        continue;
      }
      assertThat(event).startsWith("data: ").doesNotContain("\n");
      events.add(event.substring("data: ".length()));
    }
    assertThat(body).endsWith("\n\n");
    return events;
  }

  private static List<JsonNode> json(List<String> events) throws IOException {
    List<JsonNode> nodes = new ArrayList<>();
    for (String e : events) {
      nodes.add(MAPPER.readTree(e));
    }
    return nodes;
  }

  /** When a streamed chat request's content events and its end arrived. */
  private record Timeline(int status, int contentPieces, long firstContentNanos, long lastContentNanos,
      boolean done) {}

  private Timeline timeline(String body) {
    try {
      HttpResponse<InputStream> r = CLIENT.send(request("/v1/chat/completions", body),
          HttpResponse.BodyHandlers.ofInputStream());
      int pieces = 0;
      long first = -1;
      long last = -1;
      boolean done = false;
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
        for (String line; (line = lines.readLine()) != null; ) {
          long now = System.nanoTime();
          if (line.equals("data: [DONE]")) {
            done = true;
          } else if (line.contains("\"content\":\"") && !line.contains("\"role\"")) {
            pieces++;
            first = first < 0 ? now : first;
            last = now;
          }
        }
      }
      return new Timeline(r.statusCode(), pieces, first, last, done);
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("condition within 5 s").isLessThan(deadline);
      Thread.sleep(5);
    }
  }
}
