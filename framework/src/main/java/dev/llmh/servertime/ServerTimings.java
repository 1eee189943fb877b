package dev.llmh.servertime;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.stats.MetricSample;
import dev.llmh.verdict.PerRequestFigures;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the servers said of their own timing over a case's counted requests (succeeded, no model
 * load, as every statistic): each metric's per-request values, or why it has none. A budget on one
 * is judged as the core judges a request's latency, on the order-statistic bounds of its values;
 * with no values it is INCONCLUSIVE with the reason, never a PASS on a zero.
 *
 * @param counted the counted requests
 * @param timed those whose server sent timings that tell its first token
 * @param source how the server's first token was read ({@link ServerClock}), null when no request was timed
 * @param samples each measured metric's per-request values
 * @param notMeasured why each metric without values has none
 * @param confidence the run's level, which the intervals and an undecided budget's advice are at
 */
public record ServerTimings(
    int counted, int timed, String source, Map<Metric, MetricSample> samples, Map<Metric, String> notMeasured,
    double confidence) implements PerRequestFigures {

  /** The metrics of this feature, in the order the record and the outputs show them. */
  public static final List<Metric> METRICS = List.of(Metric.SERVER_TTFT, Metric.CLIENT_OVERHEAD, Metric.CACHED_PROMPT_TOKENS);
  static final String NOTHING_COUNTED = "no counted request (succeeded, no model load) to time";
  static final String NO_TIMINGS =
      "the server sent no timings of its own (llama.cpp's timings, Ollama's durations) with any counted request";
  static final String NO_CACHE_COUNT = "the server sent no count of cached prompt tokens (llama.cpp's timings.cache_n,"
      + " OpenAI's usage.prompt_tokens_details.cached_tokens)";
  static final String NO_FIRST_TOKEN = "no timed request had a first token the client saw";

  public ServerTimings {
    samples = Map.copyOf(samples);
    notMeasured = Map.copyOf(notMeasured);
  }

  public static ServerTimings of(MeasuredCase measured, double confidence) {
    Map<Metric, List<Double>> values = new EnumMap<>(Metric.class);
    METRICS.forEach(m -> values.put(m, new ArrayList<>()));
    Set<String> sources = new TreeSet<>();
    int counted = measured.counted().size();
    for (int i : measured.counted()) {
      RequestMetrics metrics = measured.metrics().get(i);
      Map<String, Double> timings = measured.measured().get(i).server().serverTimings();
      ServerClock clock = ServerClock.of(timings);
      if (clock != null) {
        sources.add(clock.definition());
        double server = clock.ttftMs(timings);
        values.get(Metric.SERVER_TTFT).add(server);
        values.get(Metric.CLIENT_OVERHEAD).add(metrics.latency().ttftMs() - server);
      }
      Double cached = timings.containsKey(ServerClock.CACHE_N) ? timings.get(ServerClock.CACHE_N) : timings.get(ServerClock.CACHED_TOKENS);
      if (cached != null) {
        values.get(Metric.CACHED_PROMPT_TOKENS).add(cached);
      }
    }
    int timed = values.get(Metric.SERVER_TTFT).size();
    Map<Metric, MetricSample> samples = new EnumMap<>(Metric.class);
    Map<Metric, String> notMeasured = new EnumMap<>(Metric.class);
    for (Metric metric : METRICS) {
      MetricSample sample = MetricSample.perRequest(values.get(metric));
      if (sample.values().length > 0) {
        samples.put(metric, sample);
      } else {
        notMeasured.put(metric, counted == 0 ? NOTHING_COUNTED : metric == Metric.CACHED_PROMPT_TOKENS ? NO_CACHE_COUNT
            : timed == 0 ? NO_TIMINGS : NO_FIRST_TOKEN);
      }
    }
    return new ServerTimings(counted, timed, sources.isEmpty() ? null : String.join("; ", sources), samples, notMeasured,
        confidence);
  }

  @Override
  public List<Metric> metrics() {
    return METRICS;
  }

  /** A case some of whose requests came untimed: its figures are over the others only. */
  @Override
  public List<String> warnings() {
    if (timed == 0 || timed == counted) {
      return List.of();
    }
    return List.of("the server timed " + timed + " of " + counted + " counted requests itself: server_ttft and"
        + " client_overhead are over those " + timed);
  }
}
