package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.client.wire.HttpPhases;
import dev.llmh.client.wire.RoundTrip;
import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each request's phases against the server's own clock (the same JVM's {@link System#nanoTime()}):
 * the request is written before the server has read it, the head arrives after the server wrote it
 * and before its first piece (a pause later: a head timed with the next read would be a pause late),
 * the phases add up to the request's whole time, and only the request that opened the connection
 * has a name, a connection and a handshake to its time.
 */
class HttpPhasesTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));
  private static final long PAUSE_MS = 40;
  private static final List<String> PIECES = List.of(event("A"), event("B") + "data: [DONE]\n\n");
  /** Phases are recorded in ms as doubles: the sum of six carries rounding far below this. */
  private static final double SUM_MS = 1e-6;

  @TempDir
  static Path dir;
  private static Path keyStore;

  @BeforeAll
  static void certificate() throws Exception {
    keyStore = SecureServer.certificate(dir);
  }

  private static String event(String text) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"}}]}\n\n";
  }

  private static SecureServer server(String protocol) throws Exception {
    return protocol.equals("plain") ? SecureServer.plain(PIECES, PAUSE_MS, SecureServer.Cut.NONE)
        : new SecureServer(keyStore, List.of(protocol), PIECES, PAUSE_MS, SecureServer.Cut.NONE);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"plain", "http/1.1", "h2"})
  void eachPhaseLiesBetweenTheServersOwnStampsAndOnlyTheFirstRequestOpensTheConnection(String protocol) throws Exception {
    Network network = protocol.equals("plain") ? Network.SYSTEM : new Network(Optional.of(dir.resolve("server.pem")), Optional.empty());
    try (SecureServer server = server(protocol);
        OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, server.url(), Credentials.NONE, TIMEOUTS, network)) {
      for (int i = 0; i < 3; i++) {
        RequestSample sample = client.send(ChatRequest.builder(null, "hi", 16).seed(1).build());
        SecureServer.Served served = server.served.get(i);
        assertThat(sample.error()).isNull();
        HttpPhases http = sample.timing().http();
        long t0 = sample.timing().startNanos();
        assertThat(http.httpVersion()).isEqualTo(protocol.equals("h2") ? "2" : "1.1");
        assertThat(http.connectionReused()).as("request %d", i).isEqualTo(i > 0);
        if (i == 0) {
          assertThat(http.connect()).isPositive();
          if (protocol.equals("plain")) {
            assertThat(http.tls()).as("no handshake").isZero();
          } else {
            assertThat(http.tls()).as("a handshake").isPositive();
          }
        } else {
          assertThat(List.of(http.dns(), http.connect(), http.tls())).containsOnly(0.0);
        }
        double written = http.dns() + http.connect() + http.tls() + http.sending();
        assertThat(t0 + written * 1e6).as("written before the server read it").isLessThanOrEqualTo(served.received() + 1_000);
        double head = written + http.waiting();
        assertThat(t0 + head * 1e6).as("head after the server wrote it").isGreaterThanOrEqualTo(served.head()[0] - 1_000);
        assertThat(t0 + head * 1e6).as("head before the first piece was written").isLessThan(served.written().get(0));
        assertThat(head + http.receiving()).as("the phases add up to the request's time")
            .isCloseTo((sample.timing().endNanos() - t0) / 1e6, within(SUM_MS));
        assertThat(http.blocked()).isGreaterThanOrEqualTo(0);
        assertThat(http.networkMs()).isLessThan((sample.timing().textChunkNanos().get(0) - t0) / 1e6);
      }
    }
  }

  /**
   * A kept-alive connection its server closes as the next request arrives (an idle timeout that ran
   * out just then): nothing of a response came, so the request goes once more on a new connection,
   * and the time lost is its {@code blocked}, not its latency.
   */
  @Test
  void aKeptAliveConnectionClosedUnansweredIsTriedOnceMoreOnANewOne() throws Exception {
    try (SecureServer server = SecureServer.plain(PIECES, 0, SecureServer.Cut.CLOSE_REUSED);
        OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, server.url(), Credentials.NONE, TIMEOUTS, Network.SYSTEM)) {
      for (int i = 0; i < 3; i++) {
        RequestSample sample = client.send(ChatRequest.builder(null, "hi", 16).seed(1).build());
        assertThat(sample.error()).as("request %d", i).isNull();
        assertThat(sample.text().answer()).isEqualTo("AB");
        assertThat(sample.timing().http().connectionReused()).as("each on a connection of its own").isFalse();
        assertThat(sample.timing().startNanos()).as("t0 the new connection's").isLessThan(server.served.get(i).received());
      }
      assertThat(server.served).hasSize(3);
      assertThat(server.connections).as("the first, and one for each request its kept-alive one failed").hasSize(3);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"plain", "http/1.1"})
  void theRoundTripIsTheMedianOfConnectsToTheServerWithNothingSent(String protocol) throws Exception {
    try (SecureServer server = server(protocol);
        OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, server.url(), Credentials.NONE, TIMEOUTS, Network.SYSTEM)) {
      RoundTrip rtt = client.roundTrip();
      assertThat(rtt.notMeasured()).isNull();
      assertThat(rtt.to()).isEqualTo("localhost:" + server.port());
      // a loopback connect: well under the connect timeout, and more than nothing
      assertThat(rtt.ms()).isPositive().isLessThan(TIMEOUTS.connect().toMillis());
      assertThat(client.roundTrip()).as("measured once").isSameAs(rtt);
      assertThat(server.served).as("nothing sent").isEmpty();
    }
  }

  @Test
  void aRoundTripToAClosedPortIsNotMeasuredWithTheReason() throws Exception {
    int port;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    try (OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, "http://127.0.0.1:" + port + "/v1", Credentials.NONE,
        TIMEOUTS, Network.SYSTEM)) {
      RoundTrip rtt = client.roundTrip();
      assertThat(rtt.ms()).isNull();
      assertThat(rtt.notMeasured()).startsWith("a TCP connect to 127.0.0.1:" + port + " failed");
    }
  }
}
