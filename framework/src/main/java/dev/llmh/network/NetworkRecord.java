package dev.llmh.network;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.llmh.constraint.Metric;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.Section;
import dev.llmh.stats.MetricSample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A case's {@code network}: where its counted requests' time went on the way, each phase summarised
 * as the core's {@code metrics} are (null when not measured, with why in {@code not_measured}).
 *
 * @param rttMs the endpoint's round trip (median TCP connect) measured before its first case, or null
 * @param rttTo what the round trip was measured to: the server's {@code host:port}, or its proxy's
 * @param counted the counted requests (succeeded, no model load)
 * @param seen those whose phases the client saw
 * @param connectionsOpened those among them that opened their connection (the others reused one)
 * @param httpVersions the HTTP versions they went over
 * @param connectMs opening the TCP connection (and a proxy's tunnel), 0 for a reused connection
 * @param tlsMs the TLS handshake, 0 for a reused connection
 * @param waitingMs from the request written to the response's head
 * @param ttftNetworkMs the p50 of the time to the first token spent reaching the server: name, connect, TLS, sending
 * @param ttftServerMs the p50 of the rest of it: waiting on the server, one round trip included
 * @param notMeasured why a figure is null, by its name here; absent when every figure is measured
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NetworkRecord(
    Double rttMs, String rttTo, int counted, int seen, int connectionsOpened, List<String> httpVersions,
    MetricSummary connectMs, MetricSummary tlsMs, MetricSummary waitingMs, Double ttftNetworkMs, Double ttftServerMs,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> notMeasured) {

  /** The record's section: this feature's own, declared here rather than among the core's. */
  public static final Section<NetworkRecord> SECTION = Section.optional("network", NetworkRecord.class);

  static NetworkRecord of(NetworkPhases found) {
    Map<String, String> notMeasured = new LinkedHashMap<>();
    found.notMeasured().forEach((metric, why) -> notMeasured.put(metric.jsonName(), why));
    Double rtt = found.roundTrip() == null ? null : found.roundTrip().ms();
    if (rtt == null) {
      notMeasured.put("rtt_ms", found.roundTrip() == null ? "the case never reached its endpoint" : found.roundTrip().notMeasured());
    }
    if (found.split().isEmpty()) {
      notMeasured.put("ttft_network_ms", "no counted request had a first token and its phases");
    }
    return new NetworkRecord(rtt, found.roundTrip() == null ? null : found.roundTrip().to(), found.counted(), found.seen(),
        found.opened(), found.versions(), summary(found, Metric.CONNECT), summary(found, Metric.TLS),
        summary(found, Metric.WAITING), found.split().get(NetworkPhases.NETWORK), found.split().get(NetworkPhases.SERVER),
        notMeasured);
  }

  private static MetricSummary summary(NetworkPhases found, Metric metric) {
    MetricSample sample = found.samples().get(metric);
    return sample == null ? null : MetricSummary.of(sample, found.confidence());
  }
}
