package dev.llmh.benchmarks.accuracy;

import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorHook;
import dev.llmh.sim.SimulatorSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Compiles the ground-truth server's hot path before it serves the harness. The simulator takes a
 * chunk's send time just before it writes the chunk; in a cold JVM the interpreted write path (and
 * JIT compiles on the server's core) would sit between that timestamp and the bytes on the wire,
 * and be counted as the harness's error. So a throw-away simulator in the same JVM, with the same
 * hook and no delays, serves {@code requests} streamed requests of {@code tokens} one-token chunks
 * to an in-process client first; the real server, started afterwards, runs the same classes.
 */
public final class ServerWarmup {
  private ServerWarmup() {}

  public static void run(SimulatorHook hook, int requests, int tokens, int streams) throws Exception {
    if (requests <= 0) {
      return;
    }
    SimulatorSettings fast = SimulatorSettings.defaults().withSlots(streams).withInstantPrefill()
        .withDecodeTokensPerSecond(Double.POSITIVE_INFINITY).withTokensPerChunk(1).withNaturalLength(tokens)
        .withDefaultMaxTokens(tokens).withHook(hook);
    try (SimulatedServer server = SimulatedServer.start(fast)) {
      drive(server.baseUrl(), requests, tokens, streams);
    }
  }

  /** Sends {@code requests} streamed chat requests to {@code baseUrl}, {@code streams} at a time, reading every byte. */
  public static void drive(String baseUrl, int requests, int tokens, int streams) throws Exception {
    drive(HttpClient.newHttpClient(), baseUrl, requests, tokens, streams);
  }

  /** The same with {@code client}: one that speaks TLS, say, and HTTP/2 where the server offers it. */
  public static void drive(HttpClient client, String baseUrl, int requests, int tokens, int streams) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(streams);
    try {
      HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"warm-up\",\"stream\":true,\"max_tokens\":" + tokens
              + ",\"stream_options\":{\"include_usage\":true},\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"))
          .build();
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < requests; i++) {
        done.add(pool.submit(() -> drain(client, request)));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
  }

  /** One round of warm-up requests. */
  public interface Round {
    void run() throws Exception;
  }

  /**
   * Rounds (e.g. of 500 short requests) until a round keeps the JIT busy for less than 20 ms, at
   * most {@code maxRounds}: the per-request path (request parsing, dispatch, headers)
   * needs thousands of requests before C2 has compiled it, far more than its per-chunk path.
   */
  public static int untilCompilerQuiet(Round round, int maxRounds) throws Exception {
    java.lang.management.CompilationMXBean compiler = java.lang.management.ManagementFactory.getCompilationMXBean();
    long compiled = compiler.getTotalCompilationTime();
    int rounds = 0;
    while (rounds < maxRounds) {
      round.run();
      rounds++;
      long now = compiler.getTotalCompilationTime();
      if (now - compiled < 20) {
        break;
      }
      compiled = now;
    }
    return rounds;
  }

  private static Void drain(HttpClient client, HttpRequest request) throws IOException, InterruptedException {
    HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream body = response.body()) {
      body.transferTo(OutputStream.nullOutputStream());
    }
    if (response.statusCode() != 200) {
      throw new IllegalStateException("warm-up request got HTTP " + response.statusCode());
    }
    return null;
  }
}
