package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HTTPS, HTTP/2 and proxies go the one way plain HTTP goes: a server with a self-signed
 * certificate, trusted by {@code llmh.tls.trust}, streams its pieces a pause apart; each chunk is
 * stamped after the server began its write and before the next one; and every way such an endpoint
 * can refuse or break ends as a sample's error saying why.
 */
class SecureTransportTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));
  private static final long PAUSE_MS = 40;
  private static final List<String> PIECES = List.of(event("A"), event("B"), event("C") + "data: [DONE]\n\n");
  private static final List<String> H2_FIRST = List.of("h2", "http/1.1");
  private static final List<String> H1_ONLY = List.of("http/1.1");

  @TempDir
  static Path dir;
  private static Path keyStore;
  private static Path pem;

  @BeforeAll
  static void certificate() throws Exception {
    keyStore = SecureServer.certificate(dir);
    pem = dir.resolve("server.pem");
  }

  private static String event(String text) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"}}]}\n\n";
  }

  private static OpenAiChatClient client(String url, Network network) {
    return new OpenAiChatClient(Api.OPENAI_CHAT, url, Credentials.NONE, TIMEOUTS, network);
  }

  private static Network trusting(Path trust) {
    return new Network(Optional.of(trust), Optional.empty());
  }

  private static RequestSample send(OpenAiChatClient client) {
    return client.send(ChatRequest.builder(null, "hi", 16).seed(1).build());
  }

  /** {@code n} requests sent at once, from as many threads. */
  private static List<RequestSample> atOnce(OpenAiChatClient client, int n) throws Exception {
    ExecutorService senders = Executors.newFixedThreadPool(n);
    try {
      List<Future<RequestSample>> sent = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        sent.add(senders.submit(() -> send(client)));
      }
      List<RequestSample> samples = new ArrayList<>();
      for (Future<RequestSample> sample : sent) {
        samples.add(sample.get());
      }
      return samples;
    } finally {
      senders.shutdown();
    }
  }

  @ParameterizedTest(name = "ALPN offers {0}")
  @ValueSource(strings = {"h2", "http/1.1"})
  void aSelfSignedServerIsTrustedByItsPemAndEachChunkIsStampedBetweenItsWriteAndTheNext(String protocol) throws Exception {
    try (SecureServer server = new SecureServer(keyStore, protocol.equals("h2") ? H2_FIRST : H1_ONLY, PIECES, PAUSE_MS,
            SecureServer.Cut.NONE);
        OpenAiChatClient client = client(server.url(), trusting(pem))) {
      for (int i = 0; i < 3; i++) {
        RequestSample sample = send(client);
        SecureServer.Served served = server.served.get(i);
        assertThat(sample.error()).isNull();
        assertThat(served.protocol()).isEqualTo(protocol);
        List<Long> times = sample.timing().textChunkNanos();
        List<Long> written = served.written();
        assertThat(times).hasSize(3);
        for (int c = 0; c < 3; c++) {
          assertThat(times.get(c)).as("chunk %d after its write", c).isGreaterThanOrEqualTo(written.get(c));
          if (c < 2) {
            // stamped before the next write began: a chunk held back to the next read would be after it
            assertThat(times.get(c)).as("chunk %d before the next write", c).isLessThan(written.get(c + 1));
          }
        }
      }
      assertThat(server.connections).as("one kept-alive connection for requests one after another").hasSize(1);
    }
  }

  @Test
  void concurrentRequestsToAnHttp2ServerAreStreamsOfOneConnection() throws Exception {
    try (SecureServer server = new SecureServer(keyStore, H2_FIRST, PIECES, PAUSE_MS, SecureServer.Cut.NONE);
        OpenAiChatClient client = client(server.url(), trusting(pem))) {
      assertThat(send(client).error()).isNull(); // opens the connection
      for (RequestSample sample : atOnce(client, 8)) {
        assertThat(sample.error()).isNull();
        assertThat(sample.timing().textChunkNanos()).hasSize(3);
      }
      assertThat(server.served).hasSize(9);
      assertThat(server.connections).hasSize(1);
    }
  }

  @Test
  void streamsBeyondWhatOneHttp2ConnectionTakesOpenAnother() throws Exception {
    try (SecureServer server = new SecureServer(keyStore, H2_FIRST, PIECES, PAUSE_MS, SecureServer.Cut.NONE, 2);
        OpenAiChatClient client = client(server.url(), trusting(pem))) {
      assertThat(send(client).error()).isNull(); // the connection is open and its server's limit known
      assertThat(atOnce(client, 6)).allSatisfy(sample -> assertThat(sample.error()).isNull());
      assertThat(server.served).hasSize(7);
      // no stream refused: beyond its two, each sender went to another connection (several may open at once)
      assertThat(server.connections.size()).as("six at once, two streams a connection").isGreaterThanOrEqualTo(3);
    }
  }

  @Test
  void aPkcs12TrustStoreWithoutAPasswordIsTrustedAndOneWithAPasswordIsAClearError() throws Exception {
    try (SecureServer server = new SecureServer(keyStore, H2_FIRST, PIECES, 0, SecureServer.Cut.NONE);
        OpenAiChatClient client = client(server.url(), trusting(SecureServer.trustStore(dir)))) {
      assertThat(send(client).error()).isNull();
    }
    // the server's own key store: its password hides the certificate from a reader without it
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> client("https://localhost:1/v1", trusting(keyStore))))
        .isInstanceOf(EndpointException.class).hasMessageContaining("llmh.tls.trust").hasMessageContaining("no trusted certificate");
  }

  @Test
  void aCertificateTheSystemDoesNotTrustIsARefusalThatSaysHowToTrustIt() throws Exception {
    try (SecureServer server = new SecureServer(keyStore, H2_FIRST, PIECES, 0, SecureServer.Cut.NONE);
        OpenAiChatClient client = client(server.url(), Network.SYSTEM)) {
      RequestSample sample = send(client);
      assertThat(sample.error()).startsWith("request failed: SSL").contains("certification path");
      assertThat(server.served).isEmpty();
      assertThat(org.assertj.core.api.Assertions.catchThrowable(client::probe))
          .hasMessageContaining("llmh.tls.trust");
    }
  }

  @Test
  void aCertificateForAnotherNameIsRefusedThoughItIsTrusted() throws Exception {
    try (SecureServer server = new SecureServer(keyStore, H2_FIRST, PIECES, 0, SecureServer.Cut.NONE);
        OpenAiChatClient client = client("https://127.0.0.1:" + server.port() + "/v1", trusting(pem))) {
      RequestSample sample = send(client);
      assertThat(sample.error()).startsWith("request failed: SSL").containsIgnoringCase("subject alternative name");
      assertThat(server.served).isEmpty();
    }
  }

  @Test
  void aServerThatNeverAnswersTheHandshakeIsAConnectTimeout() throws Exception {
    try (java.net.ServerSocket silent = new java.net.ServerSocket(0, 4, java.net.InetAddress.getLoopbackAddress());
        OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, "https://localhost:" + silent.getLocalPort() + "/v1",
            Credentials.NONE, new Timeouts(Duration.ofMillis(500), TIMEOUTS.read(), TIMEOUTS.firstToken(), TIMEOUTS.request()),
            trusting(pem))) {
      long start = System.nanoTime();
      RequestSample sample = send(client); // the kernel accepts the connection; nobody reads the ClientHello
      assertThat(sample.error()).startsWith("connect timeout").contains("TLS handshake");
      assertThat((System.nanoTime() - start) / 1e6).isGreaterThanOrEqualTo(500.0).isLessThan(4_500.0);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"RESET_STREAM", "CLOSE_CONNECTION"})
  void anHttp2StreamBrokenMidStreamIsAFailureAfterItsFirstChunk(SecureServer.Cut cut) throws Exception {
    try (SecureServer server = new SecureServer(keyStore, H2_FIRST, PIECES, PAUSE_MS, cut);
        OpenAiChatClient client = client(server.url(), trusting(pem))) {
      RequestSample sample = send(client);
      assertThat(sample.error()).as(sample.error()).containsAnyOf("mid-stream", "stream broken");
      assertThat(sample.timing().textChunkNanos()).hasSize(1);
      // the connection is not poisoned: the next request gets its answer up to the same cut
      RequestSample next = send(client);
      assertThat(next.timing().textChunkNanos()).hasSize(1);
    }
  }

  /** Every piece came but neither the stream's terminator nor the body's end: a failure that keeps what came. */
  @ParameterizedTest(name = "ALPN offers {0}")
  @ValueSource(strings = {"h2", "http/1.1"})
  void aConnectionClosedAfterTheLastChunkWithoutATerminatorIsAFailureKeepingEveryChunk(String protocol) throws Exception {
    List<String> noTerminator = List.of(event("A"), event("B"), event("C"));
    try (SecureServer server = new SecureServer(keyStore, protocol.equals("h2") ? H2_FIRST : H1_ONLY, noTerminator, PAUSE_MS,
            SecureServer.Cut.CLOSE_AFTER_LAST);
        OpenAiChatClient client = client(server.url(), trusting(pem))) {
      RequestSample sample = send(client);
      assertThat(sample.error()).as("a reason").isNotNull().containsAnyOf("mid-stream", "mid-body", "stream broken", "[DONE]");
      assertThat(sample.timing().textChunkNanos()).hasSize(3);
      assertThat(sample.text().answer()).isEqualTo("ABC");
    }
  }

  @Test
  void httpsGoesThroughAProxyTunnel() throws Exception {
    try (SecureServer server = new SecureServer(keyStore, H2_FIRST, PIECES, 0, SecureServer.Cut.NONE);
        ConnectProxy proxy = new ConnectProxy(false);
        OpenAiChatClient client = client(server.url(), new Network(Optional.of(pem), Optional.of(URI.create(proxy.url()))))) {
      // the proxy resolves the name; the tunnel is part of connecting, the handshake comes after it
      assertThat(send(client)).satisfies(first -> {
        assertThat(first.error()).isNull();
        assertThat(first.timing().http().dns()).isZero();
        assertThat(first.timing().http().connect()).isPositive();
        assertThat(first.timing().http().tls()).isPositive();
      });
      assertThat(send(client).error()).isNull();
      assertThat(proxy.tunnels).containsExactly("localhost:" + server.port());
    }
  }

  @Test
  void plainHttpGoesThroughTheProxyTunnelToo() throws Exception {
    try (dev.llmh.sim.SimulatedServer server = dev.llmh.sim.SimulatedServer.start(dev.llmh.sim.SimulatorSettings.defaults());
        ConnectProxy proxy = new ConnectProxy(false);
        OpenAiChatClient client = client(server.baseUrl(), new Network(Optional.empty(), Optional.of(URI.create(proxy.url()))))) {
      RequestSample sample = send(client);
      assertThat(sample.error()).isNull();
      assertThat(sample.timing().textChunkNanos()).isNotEmpty();
      assertThat(proxy.tunnels).containsExactly(URI.create(server.baseUrl()).getAuthority());
    }
  }

  @Test
  void aProxyThatRefusesTheTunnelIsAFailureNamingTheProxy() throws Exception {
    try (SecureServer server = new SecureServer(keyStore, H2_FIRST, PIECES, 0, SecureServer.Cut.NONE);
        ConnectProxy proxy = new ConnectProxy(true);
        OpenAiChatClient client = client(server.url(), new Network(Optional.of(pem), Optional.of(URI.create(proxy.url()))))) {
      RequestSample sample = send(client);
      assertThat(sample.error()).contains("proxy").contains("403");
      assertThat(server.served).isEmpty();
    }
  }
}
