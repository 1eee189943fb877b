package dev.llmh.network;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.feature.Percentiles;
import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A case's {@code network} line: where its time to the first token went — reaching the server (name,
 * connect, TLS, sending) or waiting on it, one round trip included — then each phase, e.g. {@code
 * ttft p50 split: 0.31 ms reaching the server, 40.9 ms waiting on it; connect p50 0 ms, p95 1.2 ms;
 * tls ...; waiting p50 40.5 ms [40.1, 40.9], p95 42 ms; 2 of 40 requests opened a connection
 * (HTTP/1.1); rtt 0.052 ms to gpu-box:8000}.
 */
public final class NetworkFigures extends FigureSource.OfSection<NetworkRecord> {
  private static final Unit MS = Unit.MILLISECONDS;

  public NetworkFigures() {
    super(NetworkRecord.SECTION);
  }

  @Override
  protected List<Figure> figures(NetworkRecord network, CaseResult result) {
    return List.of(line(network));
  }

  private static Figure line(NetworkRecord network) {
    List<String> parts = new ArrayList<>();
    List<Value> values = new ArrayList<>();
    if (network.ttftNetworkMs() != null) {
      values.add(Value.measured("network.ttft_network_ms", null, "ttft reaching the server, p50", network.ttftNetworkMs(), MS, null));
      values.add(Value.measured("network.ttft_server_ms", null, "ttft waiting on the server, p50", network.ttftServerMs(), MS, null));
      parts.add("ttft p50 split: " + Quantity.format(network.ttftNetworkMs(), MS) + " reaching the server, "
          + Quantity.format(network.ttftServerMs(), MS) + " waiting on it");
    }
    Map<Metric, MetricSummary> phases = new EnumMap<>(Metric.class); // a summary not measured is null
    phases.put(Metric.CONNECT, network.connectMs());
    phases.put(Metric.TLS, network.tlsMs());
    phases.put(Metric.WAITING, network.waitingMs());
    for (Metric metric : NetworkPhases.METRICS) {
      String why = network.notMeasured().get(metric.jsonName());
      String words = Percentiles.add("network.", metric, phases.get(metric), why, values);
      parts.add(metric.key() + " " + (words != null ? words : "not measured: " + why));
    }
    parts.add(network.connectionsOpened() + " of " + network.seen() + " requests opened a connection (HTTP/"
        + String.join(", HTTP/", network.httpVersions()) + ")");
    if (network.rttMs() != null) {
      values.add(Value.measured("network.rtt_ms", null, "network round trip", network.rttMs(), MS, null));
      parts.add("rtt " + Quantity.format(network.rttMs(), MS) + " to " + network.rttTo());
    } else {
      values.add(Value.missing("network.rtt_ms", null, "network round trip", MS, network.notMeasured().get("rtt_ms")));
      parts.add("rtt not measured: " + network.notMeasured().get("rtt_ms"));
    }
    return new Figure("network", String.join("; ", parts), values);
  }
}
