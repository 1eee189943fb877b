package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.client.wire.StreamingHttp;
import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The end of a body ends its last line: an NDJSON server that writes its final {@code done} object
 * and then ends the body — by its {@code Content-Length}, its last chunk or the connection's close —
 * without a line end after it has sent the whole stream, and its counters count. An SSE event still
 * needs its blank line: one cut off by the body's end is not dispatched, as the format says.
 */
class StreamEndTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));
  private static final String TOKEN = "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\" w\"},\"done\":false}\n";
  private static final String DONE = "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,"
      + "\"done_reason\":\"length\",\"load_duration\":1500000000,\"prompt_eval_count\":12,\"eval_count\":2}";

  @ParameterizedTest
  @ValueSource(strings = {"close", "length", "chunked"})
  void anOllamaFinalLineEndedByTheBodyIsRead(String framing) throws Exception {
    RequestSample sample = decode(new OllamaClient(Api.OLLAMA_CHAT, "http://unused.invalid:9", Credentials.NONE, TIMEOUTS, Network.SYSTEM),
        "application/x-ndjson", framing, TOKEN + TOKEN + DONE);
    assertThat(sample.error()).isNull();
    assertThat(sample.tokens().usageOutputTokens()).isEqualTo(2);
    assertThat(sample.tokens().promptTokens()).isEqualTo(12);
    assertThat(sample.server().serverTimings()).containsEntry("load_ms", 1500.0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"close", "length", "chunked"})
  void anSseEventWithoutItsBlankLineIsNotDispatched(String framing) throws Exception {
    RequestSample sample = decode(new OpenAiChatClient(Api.OPENAI_CHAT, "http://unused.invalid:9/v1", Credentials.NONE, TIMEOUTS, Network.SYSTEM),
        "text/event-stream", framing, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"w\"}}]}\n\ndata: [DONE]");
    assertThat(sample.error()).isEqualTo("stream ended without data: [DONE]");
    assertThat(sample.timing().textChunkNanos()).hasSize(1);
  }

  /** {@code body} in one response of {@code framing}, decoded as the event loop does, the connection closing after it. */
  private static RequestSample decode(HttpProtocolClient client, String type, String framing, String body) throws Exception {
    try (client) {
      byte[] content = body.getBytes(StandardCharsets.UTF_8);
      String head = "HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\n" + switch (framing) {
        case "close" -> "Connection: close\r\n\r\n" + body;
        case "length" -> "Content-Length: " + content.length + "\r\n\r\n" + body;
        default -> "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(content.length) + "\r\n" + body + "\r\n0\r\n\r\n";
      };
      StreamRecorder recorder = new StreamRecorder(System.nanoTime(), RequestWatch.start(() -> { }, TIMEOUTS,
          ChatRequest.NO_DEADLINE), 8);
      StreamSink sink = new StreamSink(recorder, client.stream());
      StreamingHttp.replay(java.util.List.of(head.getBytes(StandardCharsets.UTF_8)), sink);
      recorder.watch.stop();
      sink.settle();
      return recorder.finish(client.stream().missingEnd(), text -> text, System.nanoTime());
    }
  }
}
