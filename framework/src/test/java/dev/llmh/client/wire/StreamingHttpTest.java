package dev.llmh.client.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Connections are kept and reused, and every way an exchange can end ends it exactly once. */
class StreamingHttpTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  /**
   * Answers each request on a connection with a chunked body of {@code pieces}, written
   * {@code pauseMillis} apart; counts connections; with {@code closeAfter}, closes a connection after
   * that many responses.
   */
  private static final class Server implements AutoCloseable {
    final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    final AtomicInteger connections = new AtomicInteger();
    final ExecutorService threads = Executors.newCachedThreadPool();

    Server(List<String> pieces, long pauseMillis, int closeAfter) throws IOException {
      threads.submit(() -> {
        while (!socket.isClosed()) {
          Socket s = socket.accept();
          connections.incrementAndGet();
          threads.submit(() -> serve(s, pieces, pauseMillis, closeAfter));
        }
        return null;
      });
    }

    String host() {
      return "127.0.0.1";
    }

    int port() {
      return socket.getLocalPort();
    }

    private static Void serve(Socket s, List<String> pieces, long pauseMillis, int closeAfter) throws Exception {
      try (s) {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        for (int served = 0; served < closeAfter; served++) {
          String head = readHead(in);
          if (head == null) {
            return null;
          }
          in.readNBytes(Integer.parseInt(head.replaceAll("(?is).*content-length: *(\\d+).*", "$1")));
          out.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
          out.flush();
          for (String piece : pieces) {
            Thread.sleep(pauseMillis);
            out.write((Integer.toHexString(piece.length()) + "\r\n" + piece + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
          }
          out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
          out.flush();
        }
      }
      return null;
    }

    private static String readHead(InputStream in) throws IOException {
      StringBuilder head = new StringBuilder();
      while (!head.toString().endsWith("\r\n\r\n")) {
        int b = in.read();
        if (b < 0) {
          return null;
        }
        head.append((char) b);
      }
      return head.toString();
    }

    @Override
    public void close() throws IOException {
      socket.close();
      threads.shutdownNow();
    }
  }

  /** One exchange that must succeed with {@code body}. */
  private static Exchange succeeds(StreamingHttp http, String body) {
    Exchange exchange = post();
    CollectingSink sink = new CollectingSink();
    http.execute(exchange, sink);
    assertThat(exchange.ending().failure()).isNull();
    assertThat(sink.text()).isEqualTo(body);
    return exchange;
  }

  private static Exchange post() {
    return new Exchange(new Request("POST", "/x", "h", null, "{}".getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  void requestsOneAfterAnotherReuseOneConnection() throws Exception {
    try (Server server = new Server(List.of("a", "b"), 0, Integer.MAX_VALUE);
        StreamingHttp http = new StreamingHttp(Origin.plain(server.host(), server.port(), TIMEOUT, TIMEOUT))) {
      for (int i = 0; i < 5; i++) {
        Exchange exchange = succeeds(http, "ab");
        assertThat(exchange.ending().atNanos()).isGreaterThanOrEqualTo(exchange.startNanos());
      }
      assertThat(server.connections.get()).isEqualTo(1);
      assertThat(http.idleConnections()).isEqualTo(1);
    }
  }

  @Test
  void sixteenAtOnceOpenSixteenConnectionsThatTheNextWaveReuses() throws Exception {
    try (Server server = new Server(List.of("a", "b", "c"), 5, Integer.MAX_VALUE);
        StreamingHttp http = new StreamingHttp(Origin.plain(server.host(), server.port(), TIMEOUT, TIMEOUT))) {
      ExecutorService senders = Executors.newFixedThreadPool(16);
      for (int wave = 0; wave < 2; wave++) {
        List<Future<String>> bodies = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
          bodies.add(senders.submit(() -> {
            Exchange exchange = post();
            CollectingSink body = new CollectingSink();
            http.execute(exchange, body);
            return exchange.ending().failure() == null ? body.text() : exchange.ending().failure().toString();
          }));
        }
        for (Future<String> body : bodies) {
          assertThat(body.get()).isEqualTo("abc");
        }
      }
      senders.shutdown();
      assertThat(server.connections.get()).isEqualTo(16);
    }
  }

  @Test
  void aConnectionTheServerClosedIsNotReusedAndTheNextRequestOpensAnother() throws Exception {
    try (Server server = new Server(List.of("a"), 0, 1);
        StreamingHttp http = new StreamingHttp(Origin.plain(server.host(), server.port(), TIMEOUT, TIMEOUT))) {
      for (int i = 0; i < 3; i++) {
        succeeds(http, "a");
        waitUntil(() -> http.idleConnections() == 0); // the loop saw the close and dropped it
      }
      assertThat(server.connections.get()).isEqualTo(3);
    }
  }

  @Test
  void aSilentResponseFailsWithTheIdleTimeoutMidStream() throws Exception {
    try (Server server = new Server(List.of("a", "b"), 1500, Integer.MAX_VALUE);
        StreamingHttp http = new StreamingHttp(Origin.plain(server.host(), server.port(), TIMEOUT, Duration.ofMillis(300)))) {
      Exchange exchange = post();
      http.execute(exchange, new CollectingSink());
      assertThat(exchange.ending().failure()).isInstanceOf(SocketTimeoutException.class);
      assertThat(exchange.ending().headRead()).isTrue();
      // the idle timeout, and before the server's first piece (1500 ms): had the client kept waiting,
      // that piece would have come and the exchange would have succeeded
      assertThat((exchange.ending().atNanos() - exchange.startNanos()) / 1e6).isGreaterThanOrEqualTo(300.0).isLessThan(1500.0);
    }
  }

  @Test
  void aCancelFromAnotherThreadEndsTheExchangeAtOnce() throws Exception {
    try (Server server = new Server(List.of("a", "b"), 2000, Integer.MAX_VALUE);
        StreamingHttp http = new StreamingHttp(Origin.plain(server.host(), server.port(), TIMEOUT, TIMEOUT))) {
      Exchange exchange = post();
      java.util.concurrent.atomic.AtomicLong cancelledNanos = new java.util.concurrent.atomic.AtomicLong();
      Thread canceller = new Thread(() -> {
        sleep(200);
        cancelledNanos.set(System.nanoTime());
        exchange.cancel();
      });
      canceller.start();
      http.execute(exchange, new CollectingSink());
      assertThat(exchange.ending().failure()).hasMessage("Canceled");
      // ended by the cancel, not before it, and before the server's first piece (2000 ms) would have come
      assertThat(exchange.ending().atNanos()).isGreaterThanOrEqualTo(cancelledNanos.get());
      assertThat((exchange.ending().atNanos() - exchange.startNanos()) / 1e6).isLessThan(2000.0);
    }
  }

  @Test
  void nothingListeningIsAConnectFailure() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    try (StreamingHttp http = new StreamingHttp(Origin.plain("127.0.0.1", port, TIMEOUT, TIMEOUT))) {
      Exchange exchange = post();
      http.execute(exchange, new CollectingSink());
      assertThat(exchange.ending().failure()).isInstanceOf(java.net.ConnectException.class);
      assertThat(exchange.ending().headRead()).isFalse();
    }
  }

  private static void waitUntil(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited too long").isLessThan(deadline);
      sleep(5);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
