package dev.llmh.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.result.CaseResult;
import dev.llmh.result.FitRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.result.fixtures.CaseResults;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrefillFitsTest {

  /** A case of {@code tokens} at {@code concurrency} whose requests took {@code ttft(i)} ms. */
  private static CaseResult sweepCase(String scenario, int tokens, int concurrency, double interceptMs, double msPerToken,
      double noise, String... flags) {
    List<SampleRecord> samples = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      int counted = tokens + (i % 3) - 1;
      double ttft = interceptMs + msPerToken * counted + noise * ((i * 7919) % 13 - 6);
      samples.add(SampleRecord.builder().times(0.0, ttft, 10.0, ttft + 100, ttft + 100).chunkMs(List.of(ttft)).tokens(counted, 8).finishReason("length").flags(i == 0 ? List.of(flags) : List.of()).build());
    }
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("concurrency", concurrency);
    params.put("promptTokens", tokens);
    return CaseResults.passing()
        .identity(scenario, "synthetic", "synthetic[...]", params)
        .endpoint(new CaseResult.EndpointRecord("http://x/v1", false, "qwen", "qwen-served", null, null, null, null))
        .samples(samples)
        .build();
  }

  @Test
  void aLineThroughThreeLengthsGivesThePrefillRateWithItsInterval() {
    List<CaseResult> results = List.of(
        sweepCase("S", 128, 1, 52, 0.497, 0.5), sweepCase("S", 512, 1, 52, 0.497, 0.5), sweepCase("S", 2048, 1, 52, 0.497, 0.5));
    List<FitRecord> fits = PrefillFits.of(results);
    assertThat(fits).hasSize(1);
    FitRecord fit = fits.get(0);
    assertThat(fit.model()).isEqualTo("qwen");
    assertThat(fit.concurrency()).isEqualTo(1);
    assertThat(fit.line().n()).isEqualTo(15);
    assertThat(fit.line().slopeMsPerToken()).isCloseTo(0.497, within(0.002));
    assertThat(fit.line().interceptMs()).isCloseTo(52, within(2.0));
    assertThat(fit.prefillTokensPerSecond()).isCloseTo(2012, within(10.0));
    assertThat(fit.ci().get(0)).isLessThan(fit.prefillTokensPerSecond());
    assertThat(fit.ci().get(1)).isGreaterThan(fit.prefillTokensPerSecond());
    assertThat(fit.line().r2()).isGreaterThan(0.999);
    assertThat(fit.line().linear()).isTrue();
    assertThat(fit.params()).isNull();
    assertThat(dev.llmh.console.ConsoleSummaryFits.line(fit))
        .matches("prefill 2,0[0-9]{2} tok/s \\[[0-9,]+, [0-9,]+\\]: TTFT = 5[0-9] ms \\+ 0\\.49[0-9] ms/token \\(R² 1\\.000, 15 requests over 128/512/2,048 tokens\\)");
  }

  @Test
  void eachConcurrencyHasItsOwnFitAndTwoLengthsMakeNone() {
    List<CaseResult> results = List.of(
        sweepCase("S", 128, 1, 52, 0.5, 0.1), sweepCase("S", 512, 1, 52, 0.5, 0.1), sweepCase("S", 2048, 1, 52, 0.5, 0.1),
        sweepCase("S", 128, 4, 90, 0.9, 0.1), sweepCase("S", 512, 4, 90, 0.9, 0.1), sweepCase("S", 2048, 4, 90, 0.9, 0.1),
        sweepCase("T", 128, 1, 52, 0.5, 0.1), sweepCase("T", 512, 1, 52, 0.5, 0.1));
    List<FitRecord> fits = PrefillFits.of(results);
    assertThat(fits).extracting(FitRecord::scenario, FitRecord::concurrency).containsExactly(
        org.assertj.core.groups.Tuple.tuple("S", 1), org.assertj.core.groups.Tuple.tuple("S", 4));
    assertThat(fits.get(1).line().slopeMsPerToken()).isCloseTo(0.9, within(0.01));
  }

  @Test
  void aLowR2GivesNoRateAndSaysTheRelationIsNotLinear() {
    List<CaseResult> results = List.of(
        sweepCase("S", 128, 1, 500, 0.01, 60), sweepCase("S", 512, 1, 500, 0.01, 60), sweepCase("S", 2048, 1, 500, 0.01, 60));
    FitRecord fit = PrefillFits.of(results).get(0);
    assertThat(fit.line().linear()).isFalse();
    assertThat(fit.prefillTokensPerSecond()).isNull();
    assertThat(fit.ci()).isNull();
    assertThat(fit.note()).contains("not linear");
    assertThat(dev.llmh.console.ConsoleSummaryFits.line(fit)).startsWith("not linear, no prefill rate");
  }

  @Test
  void truncatedAndModelLoadRequestsAreLeftOut() {
    List<CaseResult> results = List.of(sweepCase("S", 128, 1, 52, 0.5, 0, "prompt_truncated"),
        sweepCase("S", 512, 1, 52, 0.5, 0, "model_load"), sweepCase("S", 2048, 1, 52, 0.5, 0));
    assertThat(PrefillFits.of(results).get(0).line().n()).isEqualTo(13);
  }

  /** {@code result} with the serving process's peak memory, as sampled over its measured phase. */
  private static CaseResult peak(CaseResult r, long bytes) {
    return r.toBuilder()
        .section(Section.RESOURCES, new dev.llmh.resources.Resources("pid 7 and its children", 250, 4, bytes, bytes, 100.0, List.of(), null, null, null, null))
        .section(Section.COST, null)
        .section(Section.PHYSICS, null)
        .section(Section.CHECKS, null)
        .build();
  }

  @Test
  void theFitReportsPeakMemoryOnItsLongestPrompt() {
    List<CaseResult> results = List.of(peak(sweepCase("S", 2048, 1, 52, 0.497, 0.5), 300L << 20),
        peak(sweepCase("S", 128, 1, 52, 0.497, 0.5), 900L << 20), peak(sweepCase("S", 512, 1, 52, 0.497, 0.5), 250L << 20));
    FitRecord.LongestPrompt longest = PrefillFits.of(results).get(0).longestPrompt();
    assertThat(longest.promptTokens()).isEqualTo(2048);
    assertThat(longest.peakRssBytes()).isEqualTo(300L << 20); // the longest prompt's case, not the run's highest
    assertThat(longest.notMeasured()).isNull();

    FitRecord.LongestPrompt remote = PrefillFits.of(List.of(sweepCase("S", 128, 1, 52, 0.497, 0.5),
        sweepCase("S", 512, 1, 52, 0.497, 0.5), sweepCase("S", 2048, 1, 52, 0.497, 0.5))).get(0).longestPrompt();
    assertThat(remote.peakRssBytes()).isNull();
    assertThat(remote.notMeasured()).isEqualTo("the serving process was not sampled");
  }
}
