package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.client.wire.HttpPhases;
import dev.llmh.client.wire.RoundTrip;
import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestSample;
import dev.llmh.network.NetworkPhases;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The network feature ({@code dev.llmh.network}) against requests whose phases are set by hand: the
 * metrics over the counted requests, a connection's steps only on the request that opened it, TTFT
 * divided into reaching the server and waiting on it, budgets on order-statistic bounds, TLS not
 * measured over plain HTTP, and the warning when the round trip is most of the TTFT.
 */
class NetworkPhasesTest {
  private static final long MS = 1_000_000;

  /** Request {@code i}: the first opens its connection (connect 2 ms, TLS {@code tls} ms), each waits 30 + i ms for its head. */
  private static RequestSample request(int i, double tls, long ttftMs) {
    long start = i * 1000L * MS;
    List<Long> chunks = List.of(start + ttftMs * MS, start + (ttftMs + 10) * MS);
    boolean opens = i == 0;
    HttpPhases http = new HttpPhases(0.01, opens ? 0.5 : 0, opens ? 2 : 0, opens ? tls : 0, 0.1, 30.0 + i, 15.0, !opens, "1.1");
    return RequestSample.builder(start, chunks, chunks.get(1)).promptTokens(10).usageOutputTokens(2).finishReason("stop")
        .servedModel("m").http(http).build();
  }

  private static List<RequestSample> requests(double tls, long ttftMs) {
    List<RequestSample> samples = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      samples.add(request(i, tls, ttftMs));
    }
    return samples;
  }

  private static CaseAnalysis analyze(List<RequestSample> samples, double rttMs, String... constraints) {
    RoundTrip rtt = new RoundTrip(rttMs, "gpu-box:8000", null);
    return OneFeatureAnalysis.analyze(samples, m -> NetworkPhases.of(m, rtt, 0.95), List.of(constraints));
  }

  @Test
  void thePhasesAreTheRequestsOwnAndOnlyTheFirstOpenedItsConnection() {
    NetworkPhases found = analyze(requests(4, 50), 0.05).findings(NetworkPhases.class);
    assertThat(found.counted()).isEqualTo(20);
    assertThat(found.seen()).isEqualTo(20);
    assertThat(found.opened()).isEqualTo(1);
    assertThat(found.versions()).containsExactly("1.1");
    double[] connect = found.samples().get(Metric.CONNECT).values();
    Arrays.sort(connect);
    assertThat(connect[19]).isEqualTo(2);
    assertThat(connect[18]).isZero();
    double[] waiting = found.samples().get(Metric.WAITING).values();
    Arrays.sort(waiting);
    assertThat(waiting[0]).isEqualTo(30);
    assertThat(waiting[19]).isEqualTo(49);
    // the p50 of (ttft − reaching the server): 50 − 0.1 for all but the first, which spent 6.6 ms reaching it
    assertThat(found.split()).containsEntry("network_ms", 0.1).containsEntry("server_ms", 49.9);
    assertThat(found.warnings()).isEmpty();
    // not the core's: no distribution of them among the requests' metrics
    assertThat(analyze(requests(4, 50), 0.05).requests().distributions()).doesNotContainKeys(Metric.CONNECT, Metric.WAITING);
  }

  @Test
  void aPhaseBudgetIsJudgedOnTheOrderStatisticBoundsAndTlsOverPlainHttpIsNotAPass() {
    CaseAnalysis analysis = analyze(requests(0, 50), 0.05, "waiting.p50 < 20ms", "waiting_ms.p50 < 100ms", "tls.p95 < 1ms");
    List<ConstraintResult> results = analysis.constraints();
    assertThat(results.get(0).verdict()).isEqualTo(Verdict.FAIL);
    assertThat(results.get(1).verdict()).as("named as the results file names it").isEqualTo(Verdict.PASS);
    assertThat(results.get(2).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(results.get(2).message()).contains("no counted request went over TLS (plain HTTP)");
  }

  @Test
  void aTtftWithinTwoRoundTripsWarnsThatTheNetworkDominates() {
    assertThat(analyze(requests(4, 50), 24.9).findings(NetworkPhases.class).warnings()).isEmpty();
    assertThat(analyze(requests(4, 50), 25).findings(NetworkPhases.class).warnings()).singleElement().asString()
        .startsWith("the network, not the server, dominates this case's TTFT: its p50 50.000 ms is within 2 round trips")
        .endsWith("(rtt 25.000 ms to gpu-box:8000)");
  }

  @Test
  void requestsWhosePhasesNoClientSawAreNotMeasuredWithTheReason() {
    List<RequestSample> unseen = requests(4, 50).stream().map(s -> s.toBuilder().http(null).build()).toList();
    NetworkPhases found = analyze(unseen, 0.05, "connect.p50 < 1ms").findings(NetworkPhases.class);
    assertThat(found.seen()).isZero();
    assertThat(found.notMeasured()).containsOnlyKeys(Metric.CONNECT, Metric.TLS, Metric.WAITING)
        .containsValue("the client did not see the requests' HTTP phases");
    assertThat(analyze(unseen, 0.05, "connect.p50 < 1ms").constraints().get(0).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
  }
}
