package dev.llmh.network;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.client.wire.HttpPhases;
import dev.llmh.client.wire.RoundTrip;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Stat;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.stats.MetricSample;
import dev.llmh.verdict.PerRequestFigures;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where a case's counted requests (succeeded, no model load) spent their time on the way: each
 * phase metric's per-request values, how many requests opened a connection, and how their time to
 * the first token divides into reaching the server ({@link HttpPhases#networkMs}) and the rest —
 * waiting on the server, one round trip included. A budget on a phase is judged as the core judges a
 * request's latency; with no values it is INCONCLUSIVE with the reason, never a PASS on a zero.
 *
 * @param counted the counted requests
 * @param seen those whose phases the client saw
 * @param opened those among them that opened their connection
 * @param versions the HTTP versions they went over
 * @param roundTrip the endpoint's round trip, measured as it opened (null when the case never prepared)
 * @param samples each measured phase metric's per-request values
 * @param split the p50s of the time to the first token spent reaching the server and waiting on it, ms (empty when no first token)
 * @param notMeasured why each phase metric without values has none
 * @param ttftP50 the case's TTFT p50, ms, or null
 * @param confidence the run's level
 */
public record NetworkPhases(
    int counted, int seen, int opened, List<String> versions, RoundTrip roundTrip, Map<Metric, MetricSample> samples,
    Map<String, Double> split, Map<Metric, String> notMeasured, Double ttftP50, double confidence) implements PerRequestFigures {

  /** The metrics of this feature, in the order the record and the outputs show them. */
  public static final List<Metric> METRICS = List.of(Metric.CONNECT, Metric.TLS, Metric.WAITING);
  static final String NETWORK = "network_ms";
  static final String SERVER = "server_ms";
  static final String NOTHING_COUNTED = "no counted request (succeeded, no model load)";
  static final String NOT_SEEN = "the client did not see the requests' HTTP phases";
  static final String PLAIN = "no counted request went over TLS (plain HTTP)";
  /** A TTFT p50 within this many round trips is mostly the network's. */
  static final double ROUND_TRIPS = 2;

  public NetworkPhases {
    versions = List.copyOf(versions);
    samples = Map.copyOf(samples);
    split = Map.copyOf(split);
    notMeasured = Map.copyOf(notMeasured);
  }

  public static NetworkPhases of(MeasuredCase measured, RoundTrip roundTrip, double confidence) {
    Map<Metric, List<Double>> values = new EnumMap<>(Metric.class);
    METRICS.forEach(m -> values.put(m, new ArrayList<>()));
    List<Double> network = new ArrayList<>();
    List<Double> server = new ArrayList<>();
    TreeSet<String> versions = new TreeSet<>();
    List<Integer> counted = measured.counted();
    int seen = 0;
    int opened = 0;
    boolean tls = false;
    for (int i : counted) {
      RequestMetrics metrics = measured.metrics().get(i);
      HttpPhases http = measured.measured().get(i).timing().http();
      if (http == null) {
        continue;
      }
      seen++;
      opened += http.connectionReused() ? 0 : 1;
      tls |= !http.connectionReused() && http.tls() > 0;
      versions.add(http.httpVersion());
      values.get(Metric.CONNECT).add(http.connect());
      values.get(Metric.TLS).add(http.tls());
      if (http.waiting() != null) {
        values.get(Metric.WAITING).add(http.waiting());
      }
      if (Double.isFinite(metrics.latency().ttftMs())) {
        network.add(http.networkMs());
        server.add(metrics.latency().ttftMs() - http.networkMs());
      }
    }
    Map<Metric, MetricSample> samples = new EnumMap<>(Metric.class);
    Map<Metric, String> notMeasured = new EnumMap<>(Metric.class);
    for (Metric metric : METRICS) {
      String why = counted.isEmpty() ? NOTHING_COUNTED : seen == 0 ? NOT_SEEN : metric == Metric.TLS && !tls ? PLAIN : null;
      if (why == null && !values.get(metric).isEmpty()) {
        samples.put(metric, MetricSample.perRequest(values.get(metric)));
      } else {
        notMeasured.put(metric, why != null ? why : "no counted request's response head arrived");
      }
    }
    Map<String, Double> split = network.isEmpty() ? Map.of()
        : Map.of(NETWORK, p50(network), SERVER, p50(server));
    return new NetworkPhases(counted.size(), seen, opened, List.copyOf(versions), roundTrip, samples, split, notMeasured,
        measured.statistic(Metric.TTFT, Stat.P50), confidence);
  }

  private static double p50(List<Double> values) {
    return MetricSample.perRequest(values).summary().get(Stat.P50);
  }

  @Override
  public List<Metric> metrics() {
    return METRICS;
  }

  /** A TTFT that is mostly round trips says little of the server: TTFT is not corrected, but the reader is told. */
  @Override
  public List<String> warnings() {
    if (roundTrip == null || roundTrip.ms() == null || ttftP50 == null || ttftP50 > ROUND_TRIPS * roundTrip.ms()) {
      return List.of();
    }
    return List.of(String.format(Locale.ROOT, "the network, not the server, dominates this case's TTFT: its p50 %.3f ms is"
        + " within %.0f round trips of the network's (rtt %.3f ms to %s)", ttftP50, ROUND_TRIPS, roundTrip.ms(), roundTrip.to()));
  }
}
