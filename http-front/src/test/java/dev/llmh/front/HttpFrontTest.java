package dev.llmh.front;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The front's own answers, through a real HTTP client. What the two servers make of it (their
 * endpoints, shapes and timings) is pinned by their own tests.
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class HttpFrontTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final OpenAiRequest.Defaults DEFAULTS = new OpenAiRequest.Defaults(16, 0.5, 9L);

  private HttpFront front;

  @BeforeEach
  void start() throws Exception {
    front = HttpFront.start("llmh-test", "test server", 0, List.of(
        Route.get("/json", (ex, arrival) -> Replies.json(ex, 200, MAPPER.createObjectNode().put("ok", true))),
        Route.post("/parse", (ex, arrival) -> {
          OpenAiRequest r = OpenAiRequest.parseChat(ex.getRequestBody().readAllBytes(), DEFAULTS);
          Replies.json(ex, 200, MAPPER.valueToTree(r));
        }),
        Route.post("/boom", (ex, arrival) -> {
          throw new IllegalStateException("boom");
        }),
        Route.get("/sse", (ex, arrival) -> stream(ex, EventStream.Framing.SSE)),
        Route.get("/ndjson", (ex, arrival) -> stream(ex, EventStream.Framing.NDJSON))));
  }

  private static void stream(HttpExchange ex, EventStream.Framing framing) throws IOException {
    EventStream events = EventStream.open(ex, framing);
    events.send("{\"n\":1}");
    events.send("[DONE]");
  }

  @AfterEach
  void stop() {
    front.close();
  }

  @Test
  void unknownPathIs404AndOtherMethodIs405WithAllow() throws Exception {
    HttpResponse<String> missing = send("POST", "/nowhere", "{}");
    assertError(missing, 404, "not_found_error", "no such endpoint: POST /nowhere");
    HttpResponse<String> wrong = send("POST", "/json", "{}");
    assertError(wrong, 405, "invalid_request_error", "method POST not allowed; use GET");
    assertThat(wrong.headers().firstValue("Allow")).hasValue("GET");
  }

  @Test
  void aBadRequestIs400AndAFailureIs500() throws Exception {
    assertError(send("POST", "/parse", "{\"messages\":[]}"), 400, "invalid_request_error",
        "'messages' must be a non-empty array");
    assertError(send("POST", "/boom", "{}"), 500, "server_error",
        "test server failure: java.lang.IllegalStateException: boom");
  }

  @Test
  void requestsTakeTheServersDefaultsForWhatTheyDoNotSay() throws Exception {
    JsonNode r = MAPPER.readTree(send("POST", "/parse", "{\"messages\":[{\"role\":\"user\",\"content\":"
        + "[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"text\",\"text\":\"b\"}]}]}").body());
    assertThat(r.path("maxTokens").asInt()).isEqualTo(16);
    assertThat(r.path("temperature").asDouble()).isEqualTo(0.5);
    assertThat(r.path("seed").asLong()).isEqualTo(9L);
    assertThat(r.path("messages").get(0).path("content").asText()).isEqualTo("ab");
    assertThat(r.path("stream").asBoolean()).isFalse();
  }

  @Test
  void eventsAreFramedAsSseOrNdjson() throws Exception {
    HttpResponse<String> sse = send("GET", "/sse", null);
    assertThat(sse.headers().firstValue("Content-Type")).hasValue("text/event-stream; charset=utf-8");
    assertThat(sse.body()).isEqualTo("data: {\"n\":1}\n\ndata: [DONE]\n\n");
    HttpResponse<String> ndjson = send("GET", "/ndjson", null);
    assertThat(ndjson.headers().firstValue("Content-Type")).hasValue("application/x-ndjson");
    assertThat(ndjson.body()).isEqualTo("{\"n\":1}\n[DONE]\n");
  }

  @Test
  void theSlotQueueIsIdleOnlyWhenEverySlotIsFree() throws Exception {
    SlotQueue slots = new SlotQueue(2);
    slots.acquire();
    assertThat(slots.awaitIdle(Duration.ofMillis(20))).isFalse();
    slots.release();
    assertThat(slots.awaitIdle(Duration.ofMillis(20))).isTrue();
    assertThat(slots.awaitIdle(Duration.ofMillis(20))).as("observing frees the slots again").isTrue();
    assertThatThrownBy(() -> new SlotQueue(0)).isInstanceOf(IllegalArgumentException.class);
  }

  private HttpResponse<String> send(String method, String path, String body) throws Exception {
    HttpRequest.BodyPublisher publisher = body == null
        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8);
    return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + front.port() + path))
        .timeout(Duration.ofSeconds(5)).method(method, publisher).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void assertError(HttpResponse<String> r, int status, String type, String message) throws Exception {
    assertThat(r.statusCode()).isEqualTo(status);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
    JsonNode error = MAPPER.readTree(r.body()).path("error");
    assertThat(error.path("message").asText()).isEqualTo(message);
    assertThat(error.path("type").asText()).isEqualTo(type);
    assertThat(error.path("code").asInt()).isEqualTo(status);
  }
}
