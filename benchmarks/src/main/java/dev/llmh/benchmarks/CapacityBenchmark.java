package dev.llmh.benchmarks;

import dev.llmh.client.ChatRequest;
import dev.llmh.client.OpenAiChatClient;
import dev.llmh.load.ClosedLoop;
import dev.llmh.measure.RequestSample;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How many chunks per second the harness can timestamp truthfully. Drives the simulator (same JVM,
 * 127.0.0.1) at rising concurrency, each stream at a fixed chunk rate, through the harness's own
 * client and closed-loop load generator, and compares every inter-chunk gap the client saw with
 * the gap between the simulator's own send timestamps of the same two chunks (both
 * {@link System#nanoTime()} of this JVM). The error |client gap − server gap| is what the harness
 * adds to ITL: thread wake-ups, parsing, GC, and the simulator's own scheduling under load — so a
 * loaded machine shows up as error, as it should.
 *
 * <p>Requests are matched to the server's record by prompt length: request i has a prompt of its
 * own length, and the server reports every request's prompt tokens.
 *
 * <p>Arguments (all optional): {@code concurrencies=1,8,32,64,128,256 chunkRate=50 tokens=50 waves=2}.
 */
public final class CapacityBenchmark {
  private CapacityBenchmark() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (String arg : args) {
      String[] kv = arg.split("=", 2);
      options.put(kv[0], kv[1]);
    }
    int[] levels = Arrays.stream(options.getOrDefault("concurrencies", "1,8,32,64,128,256").split(","))
        .mapToInt(Integer::parseInt).toArray();
    double chunkRate = Double.parseDouble(options.getOrDefault("chunkRate", "50"));
    int tokens = Integer.parseInt(options.getOrDefault("tokens", "50"));
    int waves = Integer.parseInt(options.getOrDefault("waves", "2"));

    System.out.printf(Locale.ROOT, "per-stream chunk rate %.0f/s, %d chunks per request, %d measured waves per level, %d cores%n",
        chunkRate, tokens, waves, Runtime.getRuntime().availableProcessors());
    System.out.println("| streams | aggregate chunks/s | gaps | median error (ms) | p99 error (ms) | max error (ms) | failed |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|");
    double highest = 0;
    for (int streams : levels) {
      Level level = run(streams, chunkRate, tokens, waves);
      System.out.printf(Locale.ROOT, "| %d | %.0f | %d | %.3f | %.3f | %.3f | %d |%n",
          streams, streams * chunkRate, level.errors.length, level.percentile(50), level.percentile(99), level.max(), level.failed);
      if (level.failed > 0) {
        System.out.println("  first failure: " + level.firstFailure);
      }
      if (level.failed == 0 && level.percentile(99) < 1.0) {
        highest = Math.max(highest, streams * chunkRate);
      }
    }
    System.out.printf(Locale.ROOT, "highest aggregate chunk rate with p99 |client gap - server gap| < 1 ms: %.0f chunks/s%n", highest);
  }

  private record Level(double[] errors, int failed, String firstFailure) {
    double percentile(double p) {
      if (errors.length == 0) {
        return Double.NaN;
      }
      double rank = p / 100 * (errors.length - 1); // linear, as the harness's own statistics
      int lo = (int) Math.floor(rank);
      int hi = Math.min(errors.length - 1, lo + 1);
      return errors[lo] + (rank - lo) * (errors[hi] - errors[lo]);
    }

    double max() {
      return errors.length == 0 ? Double.NaN : errors[errors.length - 1];
    }
  }

  private static Level run(int streams, double chunkRate, int tokens, int waves) throws Exception {
    SimulatorSettings settings =
        SimulatorSettings.defaults().withSlots(streams).withInstantPrefill().withDecodeTokensPerSecond(chunkRate)
            .withTokensPerChunk(1).withRoleChunkFirst(false);
    try (SimulatedServer server = SimulatedServer.start(settings);
        OpenAiChatClient client =
            new OpenAiChatClient(server.baseUrl(), Optional.empty(), Duration.ofSeconds(10), Duration.ofSeconds(60))) {
      // One warm-up wave: connections, JIT.
      ClosedLoop.run(streams, streams, i -> client.send(ChatRequest.builder("m", prompt(streams * waves + i), tokens)
          .seed(1).build()));
      int requests = streams * waves;
      List<RequestSample> samples =
          ClosedLoop.run(requests, streams, i -> client.send(ChatRequest.builder("m", prompt(i), tokens).seed(1)
              .build()));
      long ok = samples.stream().filter(RequestSample::succeeded).count();
      // Failed requests may never reach the server's record; wait only for the ones that succeeded.
      List<ServedRequest> served = server.awaitServedRequests((int) ok, Duration.ofSeconds(30));
      Map<Integer, ServedRequest> byPrompt = new HashMap<>();
      for (ServedRequest r : served) {
        byPrompt.put(r.outcome().promptTokens(), r);
      }
      List<Double> errors = new ArrayList<>();
      int failed = 0;
      String firstFailure = null;
      for (RequestSample sample : samples) {
        if (!sample.succeeded()) {
          failed++;
          firstFailure = firstFailure == null ? sample.error() : firstFailure;
          continue;
        }
        ServedRequest truth = byPrompt.get(sample.tokens().promptTokens());
        if (truth == null) {
          truth = server.awaitServedRequests(served.size() + 1, Duration.ofSeconds(5)).stream()
              .filter(r -> r.outcome().promptTokens() == sample.tokens().promptTokens()).findFirst().orElseThrow();
        }
        List<Long> seen = sample.timing().textChunkNanos();
        List<Long> sent = truth.times().contentChunkNanos();
        if (seen.size() != sent.size()) {
          throw new IllegalStateException("chunk counts differ: client " + seen.size() + ", server " + sent.size());
        }
        for (int k = 1; k < seen.size(); k++) {
          long clientGap = seen.get(k) - seen.get(k - 1);
          long serverGap = sent.get(k) - sent.get(k - 1);
          errors.add(Math.abs(clientGap - serverGap) / 1e6);
        }
      }
      double[] sorted = errors.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      return new Level(sorted, failed, firstFailure);
    }
  }

  /** A prompt whose token count is unique to request {@code i}: the key to the server's record. */
  private static String prompt(int i) {
    return "w ".repeat(i + 1).strip();
  }
}
