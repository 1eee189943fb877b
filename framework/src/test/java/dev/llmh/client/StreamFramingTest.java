package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Api;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import dev.llmh.sim.StreamFraming;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A stream is over at its own end, whatever frames its body: against the simulator sending each
 * protocol's stream chunked, with a {@code Content-Length} and up to the connection's close — every
 * event its own write, the terminator ({@code [DONE]}, Ollama's {@code done} line) written right
 * after the last token, as Ollama does; or closing the connection only a while after it — each
 * request's final message is read over both transports, and the stream is over at its terminator:
 * usage, and Ollama's counters and durations, with the cold load of the first request on its sample
 * only. Every text chunk is the server's, arrived after the server wrote it.
 */
class StreamFramingTest {
  private static final int MAX_TOKENS = 8;
  private static final Duration LOAD = Duration.ofMillis(300);
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(30));

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (Api api : Api.values()) {
      for (StreamFraming framing : StreamFraming.values()) {
        cases.add(Arguments.of(api, framing));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void everyFinalMessageIsRead(Api api, StreamFraming framing) throws Exception {
    SimulatorSettings settings = SimulatorSettings.defaults().withFraming(framing).withDecodeTokensPerSecond(200)
        .withFirstRequestLoad(LOAD);
    try (SimulatedServer server = SimulatedServer.start(settings);
        HttpProtocolClient client = api.ollama()
            ? new OllamaClient(api, server.rootUrl(), Credentials.NONE, TIMEOUTS, Network.SYSTEM)
            : new OpenAiChatClient(api, server.baseUrl(), Credentials.NONE, TIMEOUTS, Network.SYSTEM)) {
      List<RequestSample> samples = new ArrayList<>();
      List<Long> returned = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        samples.add(client.send(ChatRequest.builder(null, "Tell me a story number " + i, MAX_TOKENS).seed(i)
            .build()));
        returned.add(System.nanoTime());
      }
      List<ServedRequest> served = new ArrayList<>(server.awaitServedRequests(3, Duration.ofSeconds(10)));
      served.sort(Comparator.comparingLong(ServedRequest::requestNumber));

      for (int i = 0; i < 3; i++) {
        RequestSample sample = samples.get(i);
        ServedRequest truth = served.get(i);
        assertThat(sample.error()).as("request %d", i).isNull();
        assertThat(truth.outcome().clientDisconnected()).isFalse();
        assertThat(sample.tokens().usageOutputTokens()).isEqualTo(truth.outcome().completionTokens()).isEqualTo(MAX_TOKENS);
        assertThat(sample.tokens().promptTokens()).isEqualTo(truth.outcome().promptTokens());
        assertThat(sample.server().finishReason()).isEqualTo("length");
        assertThat(RequestMetrics.of(sample).counts().tokensEstimated()).isFalse();
        List<Long> chunks = sample.timing().textChunkNanos();
        assertThat(chunks).hasSize(truth.times().contentChunkNanos().size()).hasSize(MAX_TOKENS);
        for (int k = 0; k < chunks.size(); k++) {
          // The server stamps a chunk just before writing it: the client cannot have it earlier.
          assertThat(chunks.get(k)).isGreaterThan(truth.times().contentChunkNanos().get(k));
        }
        assertThat(sample.timing().endNanos()).isGreaterThanOrEqualTo(chunks.get(chunks.size() - 1));
        if (framing == StreamFraming.CLOSE_LINGERING) {
          // over at its terminator: the request returned before the server would have closed
          assertThat(returned.get(i)).isLessThan(truth.times().finishedNanos() + StreamFraming.LINGER.toNanos());
        }
        if (api.ollama()) {
          assertThat(sample.server().serverTimings()).containsKeys("load_ms", "prompt_eval_ms", "eval_ms", "total_ms");
          // Ollama's load_duration as the simulator did it, to the nanosecond: the first request's only.
          assertThat(sample.server().serverTimings().get("load_ms")).isEqualTo(i == 0 ? LOAD.toNanos() / 1e6 : 0.0);
          assertThat(RequestMetrics.of(sample).caveats().modelLoad()).isEqualTo(i == 0);
        }
      }
    }
  }
}
