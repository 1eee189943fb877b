package dev.llmh.embedded.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.embedded.engine.Engine;
import dev.llmh.embedded.engine.Engine.ChatMessage;
import dev.llmh.embedded.engine.LlamaEngine;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The HTTP server over the real llama.cpp engine and the tiny generated model. */
class ServerOnRealEngineTest {
  private static final Path TARGET = Path.of("target").toAbsolutePath();
  private static final int SLOTS = 2;
  private static final int SLOT_CONTEXT = 256;
  private static final ObjectMapper JSON = new ObjectMapper();

  static LlamaEngine engine;
  static EmbeddedServer server;
  static HttpClient http;

  @BeforeAll
  static void start() throws IOException {
    Path model = ModelFiles.ensure(ModelSpec.TINY, TARGET.resolve("test-models"));
    engine = LlamaEngine.open(model, ModelSpec.TINY, SLOTS, SLOT_CONTEXT, TARGET.resolve("jllama-native"));
    server = EmbeddedServer.start(engine, "llmh-tiny", 0);
    http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
  }

  @AfterAll
  static void stop() {
    if (server != null && server.stop(Duration.ofSeconds(5))) {
      engine.close();
    }
  }

  private static String chat(String content, int maxTokens, boolean stream) {
    return "{\"model\":\"whatever\",\"messages\":[{\"role\":\"user\",\"content\":" + JSON.valueToTree(content)
        + "}],\"max_tokens\":" + maxTokens + ",\"temperature\":0,\"seed\":42,\"stream\":" + stream
        + ",\"stream_options\":{\"include_usage\":true}}";
  }

  private static HttpRequest post(String body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/v1/chat/completions"))
        .timeout(Duration.ofSeconds(30))
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private static JsonNode complete(String content, int maxTokens) throws Exception {
    HttpResponse<String> response = http.send(post(chat(content, maxTokens, false)), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  @Test
  void nonStreamingUsageIsTheEnginesOwnTokenCount() throws Exception {
    JsonNode answer = complete("Define latency.", 12);
    String content = answer.at("/choices/0/message/content").asText();
    String templated = engine.applyChatTemplate(List.of(new ChatMessage("user", "Define latency.")));
    assertThat(answer.get("model").asText()).isEqualTo("llmh-tiny");
    assertThat(answer.at("/usage/prompt_tokens").asInt()).isEqualTo(engine.countTokens(templated));
    assertThat(answer.at("/usage/completion_tokens").asInt()).isEqualTo(12).isEqualTo(engine.countTokens(content));
    assertThat(answer.at("/choices/0/finish_reason").asText()).isEqualTo("length");
    assertThat(answer.at("/timings/predicted_n").asInt()).isEqualTo(12);
  }

  @Test
  void streamingSendsOneChunkPerPieceThenUsageAndDone() throws Exception {
    HttpResponse<java.util.stream.Stream<String>> response =
        http.send(post(chat("What does this measure?", 10, true)), HttpResponse.BodyHandlers.ofLines());
    assertThat(response.statusCode()).isEqualTo(200);
    List<String> events = response.body().filter(line -> line.startsWith("data: ")).map(line -> line.substring(6)).toList();
    assertThat(events.get(events.size() - 1)).isEqualTo("[DONE]");
    List<JsonNode> chunks = new ArrayList<>();
    for (String event : events.subList(0, events.size() - 1)) {
      chunks.add(JSON.readTree(event));
    }
    long contentChunks = chunks.stream().filter(c -> !c.at("/choices/0/delta/content").asText("").isEmpty()).count();
    JsonNode usage = chunks.get(chunks.size() - 1).get("usage");
    assertThat(usage.get("completion_tokens").asInt()).isEqualTo(10);
    assertThat(contentChunks).isEqualTo(10);
    assertThat(chunks.get(chunks.size() - 1).has("timings")).isTrue();
  }

  @Test
  void greedyOutputIsIdenticalAcrossRuns() throws Exception {
    String first = complete("Summarise this: the prompt is read before the first token.", 16).at("/choices/0/message/content").asText();
    String second = complete("Summarise this: the prompt is read before the first token.", 16).at("/choices/0/message/content").asText();
    assertThat(first).isNotBlank().isEqualTo(second);
  }

  @Test
  void requestsBeyondTheSlotsQueueAndAllSucceed() {
    List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
    for (int i = 0; i < 3 * SLOTS; i++) {
      inFlight.add(http.sendAsync(post(chat("Request " + i, 8, false)), HttpResponse.BodyHandlers.ofString()));
    }
    assertThat(inFlight).allSatisfy(f -> assertThat(f.join().statusCode()).isEqualTo(200));
  }

  @Test
  void aPromptLongerThanASlotIsRefusedWithTheReason() throws Exception {
    HttpResponse<String> response =
        http.send(post(chat("word ".repeat(SLOT_CONTEXT), 8, true)), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(response.body()).at("/error/message").asText()).contains("context").contains(String.valueOf(SLOT_CONTEXT));
  }

  /**
   * On the server's own record, not on a clock: the engine's pieces are paced (20 ms each, so 200 take
   * 4 s), the client reads the first event and leaves, and the generation it left ends with the
   * sink's exception well short of 200 pieces; the slot it held serves the next request.
   */
  @Test
  void aClientThatLeavesMidStreamStopsItsGenerationAndFreesTheSlot() throws Exception {
    Paced paced = new Paced(engine, 20);
    EmbeddedServer alone = EmbeddedServer.start(paced, "llmh-tiny", 0);
    try {
      HttpRequest leaving = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + alone.port() + "/v1/chat/completions"))
          .POST(HttpRequest.BodyPublishers.ofString(chat("Tell me a long story.", 200, true))).build();
      HttpResponse<InputStream> response = http.send(leaving, HttpResponse.BodyHandlers.ofInputStream());
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
        assertThat(lines.readLine()).startsWith("data: ");
      } // closing the stream drops the connection mid-generation
      Paced.Ended left = paced.ended.poll(30, java.util.concurrent.TimeUnit.SECONDS); // a guard against a hang
      assertThat(left).as("the left generation ended").isNotNull();
      assertThat(left.byException()).isTrue();
      assertThat(left.pieces()).isLessThan(200);
      HttpRequest next = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + alone.port() + "/v1/chat/completions"))
          .POST(HttpRequest.BodyPublishers.ofString(chat("Define latency.", 4, false))).build();
      assertThat(JSON.readTree(http.send(next, HttpResponse.BodyHandlers.ofString()).body()).at("/usage/completion_tokens").asInt())
          .isEqualTo(4);
      assertThat(paced.ended.take().byException()).isFalse();
    } finally {
      alone.close();
    }
  }

  /** The engine with each piece held {@code pieceMillis} before it reaches the server, and how each generation ended. */
  private record Paced(Engine inner, long pieceMillis, java.util.concurrent.BlockingQueue<Ended> ended) implements Engine {
    record Ended(int pieces, boolean byException) {}

    Paced(Engine inner, long pieceMillis) {
      this(inner, pieceMillis, new java.util.concurrent.LinkedBlockingQueue<>());
    }

    @Override
    public Completion complete(CompletionRequest request, TokenSink sink) throws IOException {
      java.util.concurrent.atomic.AtomicInteger pieces = new java.util.concurrent.atomic.AtomicInteger();
      try {
        Completion completion = inner.complete(request, piece -> {
          try {
            Thread.sleep(pieceMillis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          pieces.incrementAndGet();
          sink.accept(piece);
        });
        ended.add(new Ended(pieces.get(), false));
        return completion;
      } catch (IOException | RuntimeException e) {
        ended.add(new Ended(pieces.get(), true));
        throw e;
      }
    }

    @Override
    public EngineInfo info() {
      return inner.info();
    }

    @Override
    public int slots() {
      return inner.slots();
    }

    @Override
    public int slotContext() {
      return inner.slotContext();
    }

    @Override
    public int countTokens(String text) {
      return inner.countTokens(text);
    }

    @Override
    public String applyChatTemplate(List<ChatMessage> messages, List<Engine.Tool> tools) {
      return inner.applyChatTemplate(messages, tools);
    }

    @Override
    public void close() {} // the shared engine is closed by stop()
  }
}
