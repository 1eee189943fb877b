package dev.llmh.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import dev.llmh.benchmarks.accuracy.EventLoopServer;
import dev.llmh.benchmarks.accuracy.NettyGroundTruth;
import dev.llmh.benchmarks.accuracy.SelfSigned;
import dev.llmh.benchmarks.accuracy.ServerWarmup;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorHook;
import dev.llmh.sim.SimulatorSettings;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The accuracy benchmark's ground truth, in a process of its own (so that its threads, GC and JIT
 * do not share the harness's JVM; {@link AccuracyBenchmark} pins it to its own core). It runs the
 * simulator on a fixed schedule: instant prefill, the first token {@code ttftMs} after a request
 * gets its slot, then one token per chunk every {@code itlMs}, {@code tokens} tokens per request,
 * a slot for every stream. The simulator takes each chunk's send time just before writing it.
 *
 * <p>Every response's {@code usage.prompt_tokens} is replaced by the simulator's request number, so
 * each sample the harness records names the served request it was (the harness records the
 * server's prompt-token count per request).
 *
 * <p>Protocol: prints its base URL as the first line on stdout; on a line on stdin (or end of
 * input) writes every served request as one JSON line to {@code log}, prints {@code logged N}, and
 * exits. All times in the log are this process's {@link System#nanoTime()}; only differences
 * between them mean anything.
 *
 * <p>Before it prints its URL it warms its own hot path on a throw-away simulator ({@link
 * ServerWarmup}), so that the real server's request numbers start at 1 with compiled code.
 *
 * <p>Arguments: {@code ttftMs=100 itlMs=20 tokens=64 slots=16 log=served.ndjson roleChunk=true
 * warmupRequests=200 server=eventloop|simulator|netty|netty-h1|netty-h2 keyStore=} (the last two
 * serve HTTPS with {@code keyStore}'s certificate, from {@link SelfSigned}).
 */
public final class GroundTruthServer {
  private static final Pattern PROMPT_TOKENS = Pattern.compile("(\"prompt_tokens\":)\\d+");

  /**
   * Stamps the usage chunk with the request number. Runs on every event after the simulator took its
   * send time, so it must be cheap: only the usage chunk contains the key.
   */
  static final SimulatorHook TAGGED = new SimulatorHook() {
    @Override
    public String interceptEvent(long requestNumber, int eventIndex, String payload) {
      if (!payload.contains("\"prompt_tokens\"")) {
        return payload;
      }
      return PROMPT_TOKENS.matcher(payload).replaceAll("$1" + requestNumber);
    }
  };

  private GroundTruthServer() {}

  public static void main(String[] args) throws Exception {
    Options options = Options.parse(args);
    long ttftMs = options.getLong("ttftMs", 100);
    double itlMs = options.getDouble("itlMs", 20);
    int tokens = options.getInt("tokens", 64);
    int slots = options.getInt("slots", 16);
    Path log = Path.of(options.get("log", "served.ndjson"));
    SimulatorSettings settings = SimulatorSettings.defaults()
        .withSlots(slots)
        .withInstantPrefill()
        .withFirstTokenDelay(Duration.ofMillis(ttftMs))
        .withDecodeTokensPerSecond(1000.0 / itlMs)
        .withTokensPerChunk(1)
        .withNaturalLength(tokens)
        .withDefaultMaxTokens(tokens)
        .withRoleChunkFirst(options.getBoolean("roleChunk", true))
        .withHook(TAGGED);
    String kind = options.get("server", "eventloop");
    try (Served server = kind.equals("eventloop") ? eventLoop(ttftMs, itlMs, tokens)
        : kind.startsWith("netty") ? netty(kind, options.get("keyStore", ""), ttftMs, itlMs, tokens)
        : simulator(settings, slots)) {
      System.out.println(server.baseUrl());
      System.out.flush();
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      List<ServedRequest> served = server.servedRequests();
      ObjectMapper mapper = new ObjectMapper();
      try (BufferedWriter out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
        for (ServedRequest r : served) {
          out.write(mapper.writeValueAsString(r));
          out.newLine();
        }
      }
      System.out.println("logged " + served.size());
      System.out.flush();
    }
  }

  /** A running ground truth: where it listens, what it served, and how to stop it. */
  private record Served(String baseUrl, Supplier<List<ServedRequest>> served, AutoCloseable server)
      implements AutoCloseable {
    List<ServedRequest> servedRequests() {
      return served.get();
    }

    @Override
    public void close() throws Exception {
      server.close();
    }
  }

  /** The two-thread {@link EventLoopServer}, its request path compiled first on a copy without delays. */
  private static Served eventLoop(long ttftMs, double itlMs, int tokens) throws Exception {
    ServerWarmup.Round round = () -> {
      try (EventLoopServer fast = EventLoopServer.start(0, 0, 8)) {
        ServerWarmup.drive(fast.baseUrl(), 500, 8, 4);
      }
    };
    int rounds = ServerWarmup.untilCompilerQuiet(round, 30);
    System.err.println("event-loop server warm-up: " + rounds + " rounds of 500 short requests");
    EventLoopServer server = EventLoopServer.start(ttftMs * 1_000_000L, Math.round(itlMs * 1e6), tokens);
    return new Served(server.baseUrl(), server::servedRequests, server);
  }

  /**
   * {@link NettyGroundTruth}: {@code netty} plain HTTP/1.1, {@code netty-h1} HTTPS offering only
   * HTTP/1.1, {@code netty-h2} HTTPS offering HTTP/2 first; its path compiled first over plain HTTP,
   * then, when it serves TLS, over TLS and the protocol it offers first, as the harness's is.
   */
  private static Served netty(String kind, String keyStore, long ttftMs, double itlMs, int tokens) throws Exception {
    SslContext tls = switch (kind) {
      case "netty" -> null;
      case "netty-h1" -> SelfSigned.server(Path.of(keyStore), List.of(ApplicationProtocolNames.HTTP_1_1));
      case "netty-h2" -> SelfSigned.server(Path.of(keyStore), List.of(ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1));
      default -> throw new IllegalArgumentException("server must be eventloop, simulator, netty, netty-h1 or netty-h2, was " + kind);
    };
    ServerWarmup.Round round = () -> {
      try (NettyGroundTruth fast = NettyGroundTruth.start(0, 0, 8, null)) {
        ServerWarmup.drive(fast.baseUrl(), 500, 8, 4);
      }
    };
    int rounds = ServerWarmup.untilCompilerQuiet(round, 30);
    System.err.println("netty server warm-up: " + rounds + " rounds of 500 short requests");
    if (tls != null) {
      HttpClient client = HttpClient.newBuilder().sslContext(SelfSigned.trusting(Path.of(keyStore))).build();
      ServerWarmup.Round overTls = () -> {
        try (NettyGroundTruth fast = NettyGroundTruth.start(0, 0, 8, tls)) {
          ServerWarmup.drive(client, fast.baseUrl(), 500, 8, 4);
        }
      };
      System.err.println("netty server warm-up over TLS: " + ServerWarmup.untilCompilerQuiet(overTls, 30) + " rounds");
    }
    NettyGroundTruth server = NettyGroundTruth.start(ttftMs * 1_000_000L, Math.round(itlMs * 1e6), tokens, tls);
    return new Served(server.baseUrl(), server::servedRequests, server);
  }

  /** The simulator (a thread per stream), the ground truth before the event-loop server; compiled first too. */
  private static Served simulator(SimulatorSettings settings, int slots) throws Exception {
    ServerWarmup.run(TAGGED, 200, 256, Math.min(slots, 4));
    int rounds = ServerWarmup.untilCompilerQuiet(() -> ServerWarmup.run(TAGGED, 500, 8, Math.min(slots, 4)), 30);
    System.err.println("simulator warm-up: 200 long requests, then " + rounds + " rounds of 500 short ones");
    SimulatedServer server = SimulatedServer.start(settings);
    return new Served(server.baseUrl(), server::servedRequests, server);
  }
}
