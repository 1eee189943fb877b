package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestSample;
import dev.llmh.servertime.ServerTimings;
import dev.llmh.stats.Interval;
import dev.llmh.stats.MetricSample;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.CaseVerdict;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server's own timing (feature {@code dev.llmh.servertime}) against requests whose timings are
 * set by hand: what each server's fields make of the first token, the client's overhead beyond it,
 * the requests left out, and budgets judged on order-statistic bounds, or INCONCLUSIVE with the
 * reason when the server said nothing.
 */
class ServerTimingTest {
  private static final long MS = 1_000_000;

  /** A request sent at {@code startMs} whose first of three chunks the client read {@code ttftMs} later. */
  private static RequestSample request(long startMs, long ttftMs, Map<String, Double> timings) {
    List<Long> times = List.of((startMs + ttftMs) * MS, (startMs + ttftMs + 10) * MS, (startMs + ttftMs + 20) * MS);
    return RequestSample.builder(startMs * MS, times, times.get(2)).promptTokens(10).usageOutputTokens(3)
        .finishReason("stop").servedModel("m").serverTimings(timings).build();
  }

  /** Twenty llama.cpp requests: the server's prompt took 40 + i ms, the client saw its first token at 50 + 2i ms. */
  private static List<RequestSample> llamaCpp() {
    List<RequestSample> samples = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      samples.add(request(i * 1000L, 50 + 2L * i,
          Map.of("prompt_ms", 40.0 + i, "prompt_n", 10.0, "predicted_ms", 20.0, "cache_n", (double) (i % 2 * 4))));
    }
    return samples;
  }

  private static CaseAnalysis analyze(List<RequestSample> samples, String... constraints) {
    return OneFeatureAnalysis.analyze(samples, m -> ServerTimings.of(m, 0.95), List.of(constraints));
  }

  private static double[] sorted(ServerTimings found, Metric metric) {
    double[] values = found.samples().get(metric).values();
    Arrays.sort(values);
    return values;
  }

  @Test
  void llamaCppPromptMsIsTheServersFirstTokenAndTheRestIsTheClients() {
    ServerTimings found = analyze(llamaCpp()).findings(ServerTimings.class);
    assertThat(found.counted()).isEqualTo(20);
    assertThat(found.timed()).isEqualTo(20);
    assertThat(found.source()).isEqualTo("llama.cpp timings.prompt_ms");
    double[] server = new double[20];
    double[] overhead = new double[20];
    for (int i = 0; i < 20; i++) {
      server[i] = 40 + i;
      overhead[i] = 10 + i; // (50 + 2i) − (40 + i)
    }
    assertThat(sorted(found, Metric.SERVER_TTFT)).containsExactly(server);
    assertThat(sorted(found, Metric.CLIENT_OVERHEAD)).containsExactly(overhead);
    assertThat(sorted(found, Metric.CACHED_PROMPT_TOKENS)).containsOnly(0.0, 4.0).hasSize(20);
    assertThat(found.notMeasured()).isEmpty();
    // not the core's: no distribution of them among the requests' metrics
    assertThat(analyze(llamaCpp()).requests().distributions()).doesNotContainKeys(Metric.SERVER_TTFT, Metric.CLIENT_OVERHEAD);
  }

  @Test
  void ollamaCountsTheLoadAndThePromptAndAColdLoadIsLeftOut() {
    List<RequestSample> samples = new ArrayList<>();
    samples.add(request(0, 3100, Map.of("load_ms", 3000.0, "prompt_eval_ms", 30.0, "eval_ms", 20.0, "total_ms", 3060.0)));
    for (int i = 1; i <= 4; i++) {
      samples.add(request(i * 1000L, 40, Map.of("load_ms", 2.0, "prompt_eval_ms", 30.0, "eval_ms", 20.0, "total_ms", 55.0)));
    }
    // a prompt Ollama held whole in its cache comes without prompt_eval_duration: none spent on it
    samples.add(request(6000, 12, Map.of("load_ms", 2.0, "eval_ms", 20.0, "total_ms", 25.0)));
    ServerTimings found = analyze(samples).findings(ServerTimings.class);
    assertThat(found.counted()).isEqualTo(5);
    assertThat(found.source()).isEqualTo("Ollama load_duration + prompt_eval_duration");
    assertThat(sorted(found, Metric.SERVER_TTFT)).containsExactly(2, 32, 32, 32, 32);
    assertThat(sorted(found, Metric.CLIENT_OVERHEAD)).containsExactly(8, 8, 8, 8, 10);
    assertThat(found.notMeasured()).containsOnlyKeys(Metric.CACHED_PROMPT_TOKENS);
  }

  @Test
  void aPercentileBudgetIsJudgedOnTheOrderStatisticBoundsAsTheCoresAre() {
    CaseAnalysis analysis = analyze(llamaCpp(),
        "client_overhead.p50 < 5ms", "client_overhead.p50 < 100ms", "server_ttft.p95 < 100ms", "cached_prompt_tokens.max <= 4");
    List<ConstraintResult> results = analysis.constraints();
    Interval expected = MetricSample.percentileInterval(sorted(analysis.findings(ServerTimings.class), Metric.CLIENT_OVERHEAD),
        0.5, 0.05);
    assertThat(results.get(0).verdict()).isEqualTo(Verdict.FAIL);
    assertThat(results.get(0).bounds()).isEqualTo(expected);
    assertThat(results.get(0).message()).startsWith("client_overhead.p50 = ").endsWith(" budget 5 ms: FAIL");
    assertThat(results.get(1).verdict()).isEqualTo(Verdict.PASS);
    // 20 requests cannot bound a p95 from above at 95%: as for ttft, it says how many would
    assertThat(results.get(2).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(results.get(2).message()).contains("59 requests are needed to show p95 below the budget");
    assertThat(results.get(3).verdict()).isEqualTo(Verdict.PASS);
    assertThat(analysis.verdict()).isEqualTo(CaseVerdict.FAIL);
    // the p95 budget is one more requests would decide
    assertThat(analysis.undecidedByRequests()).containsExactly(results.get(2));
  }

  @Test
  void noTimingsIsNotMeasuredWithTheReasonAndABudgetOnItIsInconclusiveNeverPass() {
    List<RequestSample> untimed = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      untimed.add(request(i * 1000L, 50, Map.of()));
    }
    CaseAnalysis analysis = analyze(untimed, "client_overhead.p95 < 5ms", "server_ttft.p50 < 1s");
    ServerTimings found = analysis.findings(ServerTimings.class);
    assertThat(found.timed()).isZero();
    assertThat(found.samples()).isEmpty();
    assertThat(found.notMeasured()).containsOnlyKeys(ServerTimings.METRICS);
    assertThat(analysis.constraints()).extracting(ConstraintResult::verdict).containsOnly(Verdict.INCONCLUSIVE);
    assertThat(analysis.constraints().get(0).message()).isEqualTo("client_overhead.p95 not measured: the server sent no timings of"
        + " its own (llama.cpp's timings, Ollama's durations) with any counted request against budget 5 ms: INCONCLUSIVE");
    assertThat(analysis.verdict()).isEqualTo(CaseVerdict.INCONCLUSIVE);
    assertThat(analysis.warnings()).noneMatch(w -> w.contains("timed"));
    // more requests from a server that never says would decide nothing: an adaptive case stops
    assertThat(analysis.settled()).isTrue();
  }

  @Test
  void aCaseTimedInPartWarnsThatItsFiguresAreOverThoseTimed() {
    List<RequestSample> samples = new ArrayList<>(llamaCpp().subList(0, 3));
    samples.add(request(9000, 50, Map.of()));
    CaseAnalysis analysis = analyze(samples);
    assertThat(analysis.findings(ServerTimings.class).samples().get(Metric.SERVER_TTFT).values()).hasSize(3);
    assertThat(analysis.warnings()).contains(
        "the server timed 3 of 4 counted requests itself: server_ttft and client_overhead are over those 3");
  }
}
