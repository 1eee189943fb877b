package dev.llmh.endpoint;

import dev.llmh.client.ChatRequest;
import dev.llmh.client.Credentials;
import dev.llmh.client.LoopbackTls;
import dev.llmh.client.Network;
import dev.llmh.client.ProtocolClient;
import dev.llmh.client.Timeouts;
import dev.llmh.config.Api;
import dev.llmh.endpoint.spi.LocalServers;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Compiles the request path before the first measured request. Between a request's {@code t0} and
 * its bytes on the wire lie the body's serialisation and the client's call (the connection pool,
 * the hand-over to the event loop, the request's encoding). A scenario sends too few requests for
 * the JIT to finish with them, so they ran interpreted and then were compiled during the measurement, the compiler thread taking
 * the measuring core: 0.3 ms on every TTFT and 1–4 ms on many (the accuracy benchmark's ground
 * truth, docs/benchmarks.md). So the same protocol client code sends short requests to a throw-away
 * simulator in this JVM — no delays, none of the endpoint's credentials — in rounds, until a round
 * costs the compiler almost nothing. For an HTTPS endpoint it then does the same over TLS, HTTP/2
 * offered first, to a loopback server of its own ({@link LoopbackTls}): TLS and HTTP/2 run code
 * that plain HTTP never touches.
 */
final class RequestPathWarmUp {
  static final int ROUND = 500;
  /** A round that kept the compilers busy for less than this counts as quiet. */
  static final long QUIET_COMPILE_MS = 20;
  private static final int TOKENS = 4;

  private RequestPathWarmUp() {}

  /**
   * What the warm-up did: requests sent, how many were answered in full, and the time it took;
   * {@code tlsSent} of the requests went over TLS.
   */
  record Done(int sent, int answered, int tlsSent, long millis) {}

  /**
   * @param maxRequests at most this many, in rounds of {@link #ROUND} (fewer if it is smaller); 0 sends none
   * @param tls true for an HTTPS endpoint: as many again over TLS (the compilers are seldom quiet
   *     before the limit there: some 20 s at 12,000 on two cores; 2,000 left half the error)
   */
  static Done run(Api api, Timeouts timeouts, int maxRequests, boolean tls) {
    long start = System.nanoTime();
    if (maxRequests <= 0) {
      return new Done(0, 0, 0, 0);
    }
    int[] counts = new int[3]; // sent, answered, sent over TLS: what was done before a failure stopped it
    try {
      try (LocalServers.LocalServer server = Endpoints.localServers().instant(TOKENS);
          ProtocolClient client = Endpoints.protocolClient(api, api.ollama() ? server.rootUrl() : server.baseUrl(),
              Credentials.NONE, timeouts, Network.SYSTEM)) {
        rounds(client, maxRequests, counts);
        if (tls) {
          warmTls(client, timeouts, maxRequests, counts);
        }
      }
    } catch (RuntimeException e) {
      // Only the first requests' timing suffers without it: never a reason to fail the case.
      System.err.println("LLMH: the client warm-up stopped (" + e + "); the first measured requests may run on cold code");
    }
    return new Done(counts[0], counts[1], counts[2], (System.nanoTime() - start) / 1_000_000);
  }

  /** Rounds over TLS to a loopback server answering as {@code plain}'s protocol does. */
  private static void warmTls(ProtocolClient plain, Timeouts timeouts, int maxRequests, int[] counts) {
    int before = counts[0];
    Api api = plain.api();
    try (LoopbackTls server = LoopbackTls.answering(plain, TOKENS + 2).orElseThrow();
        ProtocolClient client = Endpoints.protocolClient(api, server.rootUrl() + (api.ollama() ? "" : "/v1"),
            Credentials.NONE, timeouts, server.network())) {
      rounds(client, maxRequests, counts);
    }
    counts[2] = counts[0] - before;
  }

  /** Rounds of requests to {@code client}'s server until a round keeps the compilers quiet, or {@code maxRequests}. */
  private static void rounds(ProtocolClient client, int maxRequests, int[] counts) {
    CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    boolean watchCompiler = compiler != null && compiler.isCompilationTimeMonitoringSupported();
    long compiled = watchCompiler ? compiler.getTotalCompilationTime() : 0;
    for (int sent = 0; sent < maxRequests; ) {
      for (int i = 0; i < ROUND && sent < maxRequests; i++, sent++) {
        counts[0]++;
        if (client.send(ChatRequest.builder("warm-up", "warm-up " + sent, TOKENS).seed(sent).build()).error() == null) {
          counts[1]++;
        }
      }
      if (!watchCompiler) {
        return;
      }
      long now = compiler.getTotalCompilationTime();
      if (now - compiled < QUIET_COMPILE_MS) {
        return;
      }
      compiled = now;
    }
  }
}
