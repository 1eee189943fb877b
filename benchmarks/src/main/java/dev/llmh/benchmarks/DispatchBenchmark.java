package dev.llmh.benchmarks;

import dev.llmh.annotations.Arrivals;
import dev.llmh.client.ChatRequest;
import dev.llmh.client.OpenAiChatClient;
import dev.llmh.load.ClosedLoop;
import dev.llmh.load.OpenLoop;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.ArrivalSchedule;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * How closely the open-loop dispatcher keeps its schedule. At each target rate it sends a seeded
 * schedule through {@link OpenLoop} and compares every request's send (the client's t0) with the
 * time the schedule meant: the lag. The achieved rate is (n − 1) / (last send − first send), against
 * the schedule's own (n − 1) / (last − first scheduled time), so a Poisson draw's luck is not
 * counted as the dispatcher's error.
 *
 * <p>Endpoints: {@code simulator} (default) sends real requests (one output token, no delay)
 * through the harness's {@code OpenAiChatClient} to the simulator in this JVM on 127.0.0.1, so the
 * client's own work before t0 and the server's threads count against the dispatcher, as in a real
 * run; {@code inprocess} stamps t0 and returns: the dispatcher alone; an {@code http://} base URL
 * sends the same requests to a server in another process (a {@link GroundTruthServer} on the other core).
 *
 * <p>Arguments (all optional): {@code rates=25,50,100,200,400,800,1600 seconds=10 endpoint=simulator
 * arrivals=POISSON seed=42 warmup=10000}.
 */
public final class DispatchBenchmark {
  /** The figures of one rate; times in ms. */
  private record Level(int requests, double target, double achieved, Lag lag, int failed, int peakInFlight,
      String firstFailure) {
    boolean keepsUp() {
      return failed == 0 && Math.abs(achieved / target - 1) <= 0.01 && lag.p99 < 1.0;
    }
  }

  /** How late the sends were against the schedule, in ms. */
  private record Lag(double p50, double p99, double max) {}

  private DispatchBenchmark() {}

  public static void main(String[] args) throws Exception {
    Options options = Options.parse(args);
    double[] rates = Arrays.stream(options.get("rates", "25,50,100,200,400,800,1600").split(","))
        .mapToDouble(Double::parseDouble).toArray();
    double seconds = options.getDouble("seconds", 10);
    String endpoint = options.get("endpoint", "simulator");
    Arrivals arrivals = Arrivals.valueOf(options.get("arrivals", "POISSON"));
    long seed = options.getLong("seed", 42);
    int warmup = options.getInt("warmup", 10_000);
    System.out.printf(Locale.ROOT, "endpoint %s, %s arrivals (seed %d), %.0f s per rate, %d cores, Java %s%n",
        endpoint, arrivals, seed, seconds, Runtime.getRuntime().availableProcessors(), Runtime.version());
    System.out.println("| rate (req/s) | requests | scheduled (req/s) | achieved (req/s) | achieved − scheduled | lag p50 (ms) |"
        + " lag p99 (ms) | lag max (ms) | peak in flight | failed |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    double highest = 0;
    try (Endpoint target = Endpoint.of(endpoint)) {
      // Warm-up, as the harness warms its client before a run (llmh.clientWarmup): the JIT compiles the
      // request path in a closed loop, then the dispatcher's in two seconds of open loop.
      ClosedLoop.run(warmup, 2, target.send());
      run(ArrivalSchedule.of(arrivals, 500, 1, seed + 1, 1000), target.send());
      for (double rate : rates) {
        int count = (int) Math.max(100, Math.round(rate * seconds));
        Level level = run(ArrivalSchedule.of(arrivals, rate, 1, seed, count), target.send());
        System.out.printf(Locale.ROOT, "| %.0f | %d | %.2f | %.2f | %+.2f%% | %.3f | %.3f | %.3f | %d | %d |%n", rate,
            level.requests, level.target, level.achieved, 100 * (level.achieved / level.target - 1),
            level.lag.p50, level.lag.p99, level.lag.max, level.peakInFlight, level.failed);
        if (level.failed > 0) {
          System.out.println("  first failure: " + level.firstFailure);
        }
        if (level.keepsUp()) {
          highest = Math.max(highest, rate);
        }
      }
    }
    System.out.printf(Locale.ROOT, "highest rate with achieved within 1%% of target and lag p99 < 1 ms: %.0f req/s%n", highest);
  }

  private static Level run(ArrivalSchedule schedule, IntFunction<RequestSample> send) throws InterruptedException {
    OpenLoop.Run<RequestSample> run = OpenLoop.run(schedule, 0, send, ClosedLoop.NO_DEADLINE, ClosedLoop::harnessError);
    List<OpenLoop.Sent<RequestSample>> sent = run.sent();
    int n = sent.size();
    double[] lag = sent.stream().mapToDouble(s -> (s.unit().timing().startNanos() - s.scheduledNanos()) / 1e6).sorted().toArray();
    long[] starts = sent.stream().mapToLong(s -> s.unit().timing().startNanos()).sorted().toArray();
    double scheduledSpan = (sent.get(n - 1).scheduledNanos() - sent.get(0).scheduledNanos()) / 1e9;
    double sentSpan = (starts[n - 1] - starts[0]) / 1e9;
    List<RequestSample> failed = sent.stream().map(OpenLoop.Sent::unit).filter(s -> !s.succeeded()).toList();
    Lag late = new Lag(percentile(lag, 50), percentile(lag, 99), lag[n - 1]);
    return new Level(n, (n - 1) / scheduledSpan, (n - 1) / sentSpan, late, failed.size(), run.peakInFlight(),
        failed.isEmpty() ? null : failed.get(0).error());
  }

  /** Linear interpolation between order statistics, as the harness's own statistics. */
  private static double percentile(double[] sorted, double p) {
    double rank = p / 100 * (sorted.length - 1);
    int lo = (int) Math.floor(rank);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (rank - lo) * (sorted[hi] - sorted[lo]);
  }

  /** Where requests go: the simulator through the harness's client, or nowhere (t0 stamped and returned). */
  private interface Endpoint extends AutoCloseable {
    IntFunction<RequestSample> send();

    @Override
    void close();

    static Endpoint of(String kind) {
      return switch (kind) {
        case "inprocess" -> new Endpoint() {
          @Override
          public IntFunction<RequestSample> send() {
            return i -> {
              long t0 = System.nanoTime();
              return RequestSample.builder(t0, List.of(t0), t0).usageOutputTokens(1).finishReason("length")
                  .servedModel("m").build();
            };
          }

          @Override
          public void close() {}
        };
        case "simulator" -> {
          SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withSlots(SimulatorSettings.UNLIMITED)
              .withInstantPrefill().withFirstTokenDelay(Duration.ZERO).withDecodeTokensPerSecond(10_000));
          yield through(server.baseUrl(), server::close);
        }
        default -> {
          if (!kind.startsWith("http://")) {
            throw new IllegalArgumentException("endpoint=" + kind + ": simulator, inprocess or a server's http:// base URL");
          }
          yield through(kind, () -> { });
        }
      };
    }

    /** Requests of one output token through the harness's client to {@code url}; {@code stop} after the client closes. */
    private static Endpoint through(String url, Runnable stop) {
      OpenAiChatClient client = new OpenAiChatClient(url, Optional.empty(), Duration.ofSeconds(10), Duration.ofSeconds(60));
      return new Endpoint() {
        @Override
        public IntFunction<RequestSample> send() {
          return i -> client.send(ChatRequest.builder("m", "Say one word.", 1).seed(1).build());
        }

        @Override
        public void close() {
          client.close();
          stop.run();
        }
      };
    }
  }
}
