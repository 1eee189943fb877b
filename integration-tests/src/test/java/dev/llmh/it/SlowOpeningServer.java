package dev.llmh.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * An OpenAI-compatible server that is slow to open and never ends a stream: its first model listing,
 * which the harness asks when it opens the endpoint, answers after {@code listingDelay}; every chat
 * completion streams a text chunk every 20 ms until the client goes away. It notes, on its own clock
 * (this JVM's {@link System#nanoTime()}), when it answered the listing and when each stream began
 * and was cut.
 */
final class SlowOpeningServer implements AutoCloseable {
  /** One chat request: when it arrived, and when the client cut its stream (a write failed). */
  record Stream(long arrivedNanos, long cutNanos) {}

  private static final long CHUNK_MILLIS = 20;
  private final HttpServer server;
  private final Duration listingDelay;
  /** When the first listing was answered: the endpoint was open no sooner. */
  volatile long listingAnsweredNanos;
  final List<Stream> streams = new CopyOnWriteArrayList<>();

  /** The streams cut so far, waiting up to {@code patience} for {@code count} of them (a cut is noted as the server sees it). */
  List<Stream> cut(int count, Duration patience) throws InterruptedException {
    long until = System.nanoTime() + patience.toNanos();
    while (streams.size() < count && System.nanoTime() - until < 0) {
      Thread.sleep(CHUNK_MILLIS);
    }
    return List.copyOf(streams);
  }

  SlowOpeningServer(Duration listingDelay) throws IOException {
    this.listingDelay = listingDelay;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/v1/models", this::listing);
    server.createContext("/v1/chat/completions", this::endless);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  private void listing(HttpExchange ex) throws IOException {
    boolean first = listingAnsweredNanos == 0;
    if (first) {
      sleep(listingDelay.toMillis());
    }
    byte[] body = "{\"object\":\"list\",\"data\":[{\"id\":\"any\",\"object\":\"model\",\"owned_by\":\"fake\"}]}"
        .getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    if (first) {
      listingAnsweredNanos = System.nanoTime();
    }
    ex.sendResponseHeaders(200, body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  private void endless(HttpExchange ex) throws IOException {
    long arrived = System.nanoTime();
    ex.getRequestBody().readAllBytes();
    ex.getResponseHeaders().set("Content-Type", "text/event-stream");
    ex.sendResponseHeaders(200, 0);
    OutputStream out = ex.getResponseBody();
    try {
      for (int k = 0; ; k++) {
        String chunk = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" w" + k + "\"}}]}\n\n";
        out.write(chunk.getBytes(StandardCharsets.UTF_8));
        out.flush();
        sleep(CHUNK_MILLIS);
      }
    } catch (IOException e) {
      streams.add(new Stream(arrived, System.nanoTime()));
      ex.close();
    }
  }

  private static void sleep(long millis) throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("the server is closing", e);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }
}
