package dev.llmh.endpoint;

import dev.llmh.client.ChatRequest;
import dev.llmh.client.Credentials;
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
 * costs the compiler almost nothing.
 */
final class RequestPathWarmUp {
  static final int ROUND = 500;
  /** A round that kept the compilers busy for less than this counts as quiet. */
  static final long QUIET_COMPILE_MS = 20;
  private static final int TOKENS = 4;

  private RequestPathWarmUp() {}

  /** What the warm-up did: requests sent, how many were answered in full, and the time it took. */
  record Done(int sent, int answered, long millis) {}

  /** @param maxRequests at most this many, in rounds of {@link #ROUND} (fewer if it is smaller); 0 sends none */
  static Done run(Api api, Timeouts timeouts, int maxRequests) {
    long start = System.nanoTime();
    if (maxRequests <= 0) {
      return new Done(0, 0, 0);
    }
    try {
      return rounds(api, timeouts, maxRequests, start);
    } catch (RuntimeException e) {
      // Only the first requests' timing suffers without it: never a reason to fail the case.
      System.err.println("LLMH: the client warm-up stopped (" + e + "); the first measured requests may run on cold code");
      return new Done(0, 0, (System.nanoTime() - start) / 1_000_000);
    }
  }

  private static Done rounds(Api api, Timeouts timeouts, int maxRequests, long start) {
    CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    boolean watchCompiler = compiler != null && compiler.isCompilationTimeMonitoringSupported();
    int sent = 0;
    int answered = 0;
    try (LocalServers.LocalServer server = Endpoints.localServers().instant(TOKENS);
        ProtocolClient client = Endpoints.protocolClient(api, api.ollama() ? server.rootUrl() : server.baseUrl(),
            Credentials.NONE, timeouts, Network.SYSTEM)) {
      long compiled = watchCompiler ? compiler.getTotalCompilationTime() : 0;
      while (sent < maxRequests) {
        for (int i = 0; i < ROUND && sent < maxRequests; i++, sent++) {
          if (client.send(ChatRequest.builder("warm-up", "warm-up " + sent, TOKENS).seed(sent).build())
              .error() == null) {
            answered++;
          }
        }
        if (!watchCompiler) {
          break;
        }
        long now = compiler.getTotalCompilationTime();
        if (now - compiled < QUIET_COMPILE_MS) {
          break;
        }
        compiled = now;
      }
    }
    return new Done(sent, answered, (System.nanoTime() - start) / 1_000_000);
  }
}
