package dev.llmh.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each {@link StreamFraming} is what goes on the wire, read here byte by byte from a socket: the
 * head names the framing (and only it), and the body is the whole stream — for Ollama, the final
 * {@code done} line with its counters and durations; for OpenAI chat, usage and {@code [DONE]}.
 */
class StreamFramingWireTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @ParameterizedTest
  @EnumSource(value = StreamFraming.class, names = "CLOSE_LINGERING", mode = EnumSource.Mode.EXCLUDE) // CLOSE's bytes, later
  void theHeadNamesTheFramingAndTheBodyHoldsTheWholeOllamaStream(StreamFraming framing) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withFraming(framing)
        .withDecodeTokensPerSecond(500).withFirstRequestLoad(java.time.Duration.ofMillis(20)))) {
      Response response = post(server.port(), "/api/chat",
          "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"options\":{\"num_predict\":8}}");
      assertFraming(framing, response);
      List<String> lines = List.of(new String(response.body, StandardCharsets.UTF_8).split("\n"));
      assertThat(lines).hasSize(9);
      // every line as long whatever its instant, or a Content-Length worked out before would not hold
      assertThat(lines).allSatisfy(line -> assertThat(MAPPER.readTree(line).path("created_at").asText())
          .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z"));
      JsonNode done = MAPPER.readTree(lines.get(8));
      assertThat(done.path("done").asBoolean()).isTrue();
      assertThat(done.path("eval_count").asInt()).isEqualTo(8);
      assertThat(done.path("load_duration").asLong()).isEqualTo(20_000_000L);
      assertThat(done.has("prompt_eval_count") && done.has("eval_duration") && done.has("total_duration")).isTrue();
    }
  }

  @ParameterizedTest
  @EnumSource(value = StreamFraming.class, names = "CLOSE_LINGERING", mode = EnumSource.Mode.EXCLUDE)
  void theBodyHoldsTheWholeOpenAiStream(StreamFraming framing) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withFraming(framing)
        .withDecodeTokensPerSecond(500))) {
      Response response = post(server.port(), "/v1/chat/completions", "{\"model\":\"m\",\"messages\":[{\"role\":\"user\","
          + "\"content\":\"hi\"}],\"max_tokens\":8,\"stream\":true,\"stream_options\":{\"include_usage\":true}}");
      assertFraming(framing, response);
      String body = new String(response.body, StandardCharsets.UTF_8);
      assertThat(body).endsWith("data: [DONE]\n\n").contains("\"completion_tokens\":8");
    }
  }

  /**
   * A close-delimited server serves one request per connection, and says so on every answer, a
   * fixed-length one too: a client that kept the connection for its next request would otherwise
   * wait for a close that a lingering server sends seconds later.
   */
  @ParameterizedTest
  @EnumSource(value = StreamFraming.class, names = {"CLOSE", "CLOSE_LINGERING"})
  void aFixedLengthAnswerSaysTheConnectionCloses(StreamFraming framing) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withFraming(framing))) {
      Response response = post(server.port(), "/api/show", "{\"model\":\"m\"}");
      String head = response.head.toLowerCase(Locale.ROOT);
      assertThat(head).startsWith("http/1.1 200").contains("content-length: " + response.body.length + "\r\n");
      assertThat(head.split("connection: close", -1)).as("one Connection: close in %s", head).hasSize(2);
      assertThat(head).doesNotContain("keep-alive");
    }
  }

  private static void assertFraming(StreamFraming framing, Response response) {
    String head = response.head.toLowerCase(Locale.ROOT);
    assertThat(head).startsWith("http/1.1 200");
    switch (framing) {
      case CHUNKED -> assertThat(head).contains("transfer-encoding: chunked").doesNotContain("content-length");
      case CONTENT_LENGTH -> {
        assertThat(head).doesNotContain("transfer-encoding");
        assertThat(head).contains("content-length: " + response.body.length + "\r\n");
      }
      case CLOSE, CLOSE_LINGERING -> assertThat(head).contains("connection: close").doesNotContain("transfer-encoding")
          .doesNotContain("content-length");
    }
  }

  private record Response(String head, byte[] body) {}

  /** One HTTP/1.1 request, as a client sends it, and its response read to its framing's end. */
  private static Response post(int port, String path, String json) throws IOException {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      byte[] body = json.getBytes(StandardCharsets.UTF_8);
      OutputStream out = socket.getOutputStream();
      out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
          + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      InputStream in = socket.getInputStream();
      String head = line(in, "\r\n\r\n");
      String lower = head.toLowerCase(Locale.ROOT);
      ByteArrayOutputStream content = new ByteArrayOutputStream();
      if (lower.contains("transfer-encoding: chunked")) {
        for (int size = Integer.parseInt(line(in, "\r\n").strip(), 16); size > 0; size = Integer.parseInt(line(in, "\r\n").strip(), 16)) {
          content.write(in.readNBytes(size));
          line(in, "\r\n");
        }
      } else if (lower.contains("content-length:")) {
        content.write(in.readNBytes(Integer.parseInt(lower.replaceAll("(?s).*content-length: *(\\d+).*", "$1"))));
      } else {
        content.write(in.readAllBytes()); // to the close
      }
      return new Response(head, content.toByteArray());
    }
  }

  private static String line(InputStream in, String end) throws IOException {
    StringBuilder text = new StringBuilder();
    while (!text.toString().endsWith(end)) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("closed after " + text);
      }
      text.append((char) b);
    }
    return text.toString();
  }
}
