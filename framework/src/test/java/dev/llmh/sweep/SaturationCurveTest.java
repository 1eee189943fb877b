package dev.llmh.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.SaturationRecord;
import dev.llmh.result.SaturationRecord.Step;
import dev.llmh.result.fixtures.CaseResults;
import dev.llmh.runner.SaturationDeclaration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SaturationCurveTest {
  /** A step whose throughput is known exactly: an interval of zero width. */
  private static Step step(int concurrency, double tokS, double ttftP95, Double goodput, String verdict) {
    return new Step(concurrency, null, tokS, ttftP95, goodput, verdict, null, List.of(tokS, tokS), null);
  }

  private static Step step(int concurrency, double tokS, double lower, double upper) {
    return new Step(concurrency, null, tokS, 10.0, null, "PASS", null, List.of(lower, upper), null);
  }

  @Test
  void aStepIsPastTheKneeOnlyWhenEvenTheUpperBoundOfItsGainIsBelowMinGain() {
    // +1.7%, its relative half-widths 1/60 and 0.5/61 in quadrature 1.86%: at most +3.6%, past the knee
    assertThat(stop(0.05, false, step(4, 60, 59, 61), step(8, 61, 60.5, 61.5)))
        .contains("output tok/s gained +1.7% [-0.2%, +3.6%] (less than 5%) from concurrency 4 to 8");
    // +3.3%, half-widths 2/60 and 1.5/62 in quadrature 4.12%: up to +7.6%, undecided; the search goes on and says so
    List<Step> straddling = List.of(step(4, 60, 58, 62), step(8, 62, 60.5, 63.5));
    assertThat(SaturationCurve.stop(straddling, List.of(), SaturationDeclaration.of(1, 8, 0.05), false)).isEmpty();
    assertThat(SaturationCurve.undecided(straddling, 0.05)).contains("output tok/s gain +3.3% [-0.9%, +7.6%] from"
        + " concurrency 4 to 8 is undecided against 5%: more requests per step would decide it");
    // a gain's lower bound stops at -100%: output cannot fall by more than all of it
    assertThat(SaturationCurve.undecided(List.of(step(2, 28, 3, 53), step(4, 25, 3, 47)), 0.05)).get().asString()
        .startsWith("output tok/s gain -11% [-100%, ");
    // at least +95%: clearly still gaining
    assertThat(SaturationCurve.undecided(List.of(step(1, 30, 29.5, 30.5), step(2, 60, 59, 61)), 0.05)).isEmpty();
    // no interval: neither past the knee nor clearly gaining
    List<Step> unbounded = List.of(new Step(4, null, 60.0, 10.0, null, "PASS", null, null, null), new Step(8, null, 60.5,
        10.0, null, "PASS", null, null, null));
    assertThat(SaturationCurve.stop(unbounded, List.of(), SaturationDeclaration.of(1, 8, 0.05), false)).isEmpty();
    assertThat(SaturationCurve.undecided(unbounded, 0.05)).get().asString().endsWith("(fewer than 2 counted requests at a step: no interval)");
  }

  @Test
  void theThroughputsIntervalIsTheTIntervalOfItsRateOverEightEqualBinsOfTheSpan() {
    // 800 ms, 4 tokens in each of the first four 100 ms bins and 2 in each of the last four: bin rates
    // 40 and 20 tok/s, mean 30, s = 10.690, se = 3.7796, t(0.975, 7) = 2.36462: ±29.791%, so 30 tok/s
    // lies in [21.063, 38.937]; a failed request and a cold load are not counted, nor their span
    List<Double> chunks = new java.util.ArrayList<>();
    for (int k = 0; k < 16; k++) {
      chunks.add(k * 25.0);
    }
    for (int k = 0; k < 8; k++) {
      chunks.add(400 + k * 50.0);
    }
    List<SampleRecord> samples = List.of(
        Fixture.sample(0, chunks, 800, 24, null),
        Fixture.sample(900, List.of(10.0, 20.0), 1500, 2, List.of("model_load")),
        SampleRecord.builder().times(900.0, null, null, 5.0, 5.0).chunkMs(List.of()).flags(List.of()).error("HTTP 503").chunks(0, 0).build());
    List<Double> bounds = ThroughputBounds.of(Fixture.result(1, 30, 100, samples));
    assertThat(bounds.get(0)).isCloseTo(21.063, org.assertj.core.api.Assertions.within(0.001));
    assertThat(bounds.get(1)).isCloseTo(38.937, org.assertj.core.api.Assertions.within(0.001));
    // a request recorded without its chunks' times: no interval
    assertThat(ThroughputBounds.of(Fixture.result(1, 30, 100, List.of(Fixture.sample(0, List.of(), 800, 24, null))))).isNull();
  }

  private static Optional<String> stop(double minGain, boolean slo, Step... steps) {
    return SaturationCurve.stop(List.of(steps), List.of("ttft.p95 = 900 ms > budget 500 ms: FAIL"), SaturationDeclaration.of(1, 16, minGain), slo)
        .map(SaturationCurve.Stop::reason);
  }

  @Test
  void goesOnWhileTheGainIsAtLeastMinGain() {
    assertThat(stop(0.05, false, step(1, 30, 10, null, "PASS"))).isEmpty();
    assertThat(stop(0.05, false, step(1, 30, 10, null, "PASS"), step(2, 31.5, 10, null, "PASS"))).isEmpty(); // exactly +5%
    assertThat(stop(0.05, false, step(1, 30, 10, null, "PASS"), step(2, 31.4, 10, null, "INCONCLUSIVE")))
        .contains("output tok/s gained +4.7% [+4.7%, +4.7%] (less than 5%) from concurrency 1 to 2");
  }

  @Test
  void stopsOnAFailedBudgetOrWhenGoodputFalls() {
    assertThat(stop(0.05, false, step(1, 30, 10, null, "FAIL")))
        .contains("FAIL at concurrency 1: ttft.p95 = 900 ms > budget 500 ms: FAIL");
    assertThat(stop(0.05, true, step(4, 60, 10, 3.0, "PASS"), step(8, 90, 30, 2.5, "PASS")))
        .contains("goodput fell from 3 to 2.5 req/s from concurrency 4 to 8");
    // without an @Slo goodput is not watched (and is null anyway)
    assertThat(stop(0.05, false, step(4, 60, 10, null, "PASS"), step(8, 90, 30, null, "PASS"))).isEmpty();
  }

  @Test
  void theKneeIsTheStepBeforeTheStopAndTheConsoleSaysWhatCameAfterIt() {
    var results = List.of(
        Fixture.result(1, 16, 100), Fixture.result(2, 31, 105), Fixture.result(4, 61, 110), Fixture.result(8, 62.83, 231));
    List<Step> planned = List.of(1, 2, 4, 8, 16).stream().map(c -> Step.planned(c, null)).toList();
    java.util.List<dev.llmh.result.CaseResult> withMissing = new java.util.ArrayList<>(results);
    withMissing.add(null);
    SaturationRecord record = SaturationCurve.record("demo.Knee", "ask", java.util.Map.of(), SaturationDeclaration.of(1, 16, 0.05), false,
        withMissing, planned, "the run stopped before this step");
    assertThat(record.knee()).isEqualTo(new SaturationRecord.Point(4, null, 61.0));
    assertThat(record.stoppedBecause()).isEqualTo("output tok/s gained +3.0% [+3.0%, +3.0%] (less than 5%) from concurrency 4 to 8");
    assertThat(record.steps()).extracting(Step::verdict).containsExactly("PASS", "PASS", "PASS", "PASS", "NOT_RUN");
    assertThat(record.steps().get(4).reason()).isEqualTo("not run: the search stopped (" + record.stoppedBecause() + ")");
    assertThat(record.params()).isNull();
    assertThat(dev.llmh.console.ConsoleSummary.saturation(List.of(record)))
        .contains("Knee \u203a ask: saturates at concurrency 4: 61 tok/s; at 8 TTFT p95 \u00d72.1 for +3.0% tok/s\n")
        .contains("    steps 1 16, 2 31, 4 61, 8 63, 16 not run\n");
  }

  @Test
  void withoutAStopThereIsNoKnee() {
    var results = List.of(Fixture.result(1, 16, 100), Fixture.result(2, 31, 105));
    List<Step> planned = List.of(1, 2).stream().map(c -> Step.planned(c, null)).toList();
    SaturationRecord record = SaturationCurve.record("demo.Knee", "ask", java.util.Map.of(), SaturationDeclaration.of(1, 16, 0.05), false,
        results, planned, "x");
    assertThat(record.knee()).isNull();
    assertThat(record.stoppedBecause()).isEqualTo("reached the last step, concurrency 2, still gaining +94% [+94%, +94%] output tok/s");
    assertThat(dev.llmh.console.ConsoleSummary.saturation(List.of(record)))
        .contains("Knee \u203a ask: no knee: reached the last step, concurrency 2, still gaining +94% [+94%, +94%] output tok/s");
  }

  /** A step gaining +100% over the one before, so that only a server signal can stop the search. */
  private static Step signalling(int concurrency, SaturationRecord.Signals signals) {
    return new Step(concurrency, null, 10.0 * concurrency, 10.0, null, "PASS", null, List.of(10.0 * concurrency, 10.0 * concurrency),
        signals);
  }

  private static SaturationRecord.Signals server(Double kvCache, Double preemptions, Double waiting) {
    return new SaturationRecord.Signals(kvCache, preemptions, waiting, null, null);
  }

  private static Optional<SaturationCurve.Stop> stop(SaturationDeclaration search, Step... steps) {
    return SaturationCurve.stop(List.of(steps), List.of(), search, false);
  }

  @Test
  void theSearchStopsWhereTheServerSaysItIsFullNamingTheRule() {
    SaturationDeclaration defaults = SaturationDeclaration.of(1, 16, 0.05);
    assertThat(stop(defaults, signalling(2, server(50.0, 0.0, 0.0)), signalling(4, server(96.5, 0.0, 0.0))))
        .contains(new SaturationCurve.Stop("kv_cache", "the server's KV cache reached 96.5% at concurrency 4 (kvCacheLimit 95%)"));
    assertThat(stop(defaults, signalling(2, server(50.0, 0.0, 0.0)), signalling(4, server(94.9, 0.0, 0.0)))).isEmpty();
    SaturationDeclaration noKvLimit = new SaturationDeclaration(1, 16, 0.05, "", true, true, "");
    assertThat(stop(noKvLimit, signalling(4, server(100.0, 0.0, 0.0)))).isEmpty();
    assertThat(stop(defaults, signalling(8, server(90.0, 3.0, 0.0))))
        .contains(new SaturationCurve.Stop("preemption", "the server preempted 3 requests at concurrency 8"));
    assertThat(stop(new SaturationDeclaration(1, 16, 0.05, "95%", false, true, ""), signalling(8, server(90.0, 3.0, 0.0)))).isEmpty();
    // the queue grows step over step from a request waiting on average; a first step has nothing to grow from
    assertThat(stop(defaults, signalling(4, server(40.0, 0.0, 0.0)), signalling(8, server(80.0, 0.0, 4.0))))
        .contains(new SaturationCurve.Stop("waiting", "requests waiting at the server grew from 0 to 4 from concurrency 4 to 8"));
    assertThat(stop(defaults, signalling(4, server(40.0, 0.0, 0.2)), signalling(8, server(80.0, 0.0, 0.9)))).isEmpty();
    assertThat(stop(defaults, signalling(8, server(80.0, 0.0, 4.0)))).isEmpty();
    assertThat(stop(defaults, signalling(4, server(40.0, 0.0, 4.0)), signalling(8, server(80.0, 0.0, 4.0)))).isEmpty();
    // memory: the process's peak resident set or its GPU memory
    SaturationDeclaration memory = new SaturationDeclaration(1, 16, 0.05, "", true, true, "20GiB");
    long gib = 1L << 30;
    assertThat(stop(memory, signalling(8, new SaturationRecord.Signals(null, null, null, 21 * gib, null))))
        .contains(new SaturationCurve.Stop("memory", "the serving process's peak rss reached 21504 MiB at concurrency 8 (memoryLimit 20GiB)"));
    assertThat(stop(memory, signalling(8, new SaturationRecord.Signals(null, null, null, gib, 20 * gib))).map(SaturationCurve.Stop::reason))
        .contains("the server's GPU memory reached 20480 MiB at concurrency 8 (memoryLimit 20GiB)");
    assertThat(stop(memory, signalling(8, new SaturationRecord.Signals(null, null, null, 19 * gib, null)))).isEmpty();
    // a budget that FAILed comes first; a server that says nothing leaves the throughput rule to decide
    assertThat(stop(defaults, new Step(4, null, 40.0, 10.0, null, "FAIL", null, null, server(100.0, 0.0, 0.0))))
        .map(SaturationCurve.Stop::by).contains("budget");
    assertThat(stop(defaults, signalling(4, null), new Step(8, null, 40.5, 10.0, null, "PASS", null, List.of(40.5, 40.5), null)))
        .map(SaturationCurve.Stop::by).contains("throughput");
    assertThat(SaturationSignals.declared(memory)).containsExactly("server_preemptions > 0",
        "server_requests_waiting grows step over step from 1", "peak_rss or the server's GPU memory >= 20GiB");
  }

  /** Case results with the figures a step reads. */
  static final class Fixture {
    /** 16 requests of 20 tokens over the same second, their chunks evenly spread: every bin's rate the same. */
    static dev.llmh.result.CaseResult result(int concurrency, double tokS, double ttftP95) {
      List<SampleRecord> samples = new java.util.ArrayList<>();
      for (int i = 0; i < 16; i++) {
        List<Double> chunks = new java.util.ArrayList<>();
        for (int k = 0; k < 20; k++) {
          chunks.add(i * 3.125 + k * 50);
        }
        samples.add(sample(0, chunks, 1000, 20, null));
      }
      return result(concurrency, tokS, ttftP95, samples);
    }

    static SampleRecord sample(double startMs, List<Double> chunkMs, double endMs, int tokens, List<String> flags) {
      return SampleRecord.builder().times(startMs, 10.0, null, endMs, endMs).chunkMs(chunkMs).tokens(10, tokens).finishReason("stop").flags(flags == null ? List.of() : flags).ttfoMs(10.0).chunks(chunkMs.size(), 0).build();
    }

    static dev.llmh.result.CaseResult result(int concurrency, double tokS, double ttftP95, List<SampleRecord> samples) {
      var summary = new dev.llmh.result.MetricSummary(16, ttftP95, 0.0, ttftP95, ttftP95, ttftP95, ttftP95, ttftP95, ttftP95, null);
      return CaseResults.passing()
        .identity("demo.Knee", "ask", "ask[concurrency=" + concurrency + "]", java.util.Map.of("concurrency", concurrency))
        .requests(new dev.llmh.result.CaseResult.Requests(0, 0, 16, 16, 0, 0, 0, null))
        .metrics(java.util.Map.of("ttft_ms", summary))
        .throughput(new dev.llmh.result.CaseResult.Throughput(tokS, 1.0, 1000.0))
        .samples(samples)
        .build();
    }
  }
}
