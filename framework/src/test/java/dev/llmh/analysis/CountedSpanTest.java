package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.hardware.HardwareFindings;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestSample;
import dev.llmh.resources.PhaseSampling;
import dev.llmh.verdict.CaseAnalysis;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rates over the counted requests' own span: a cold load and a failure are out of the time as of the tokens. */
class CountedSpanTest {
  private static final long MS = 1_000_000;

  /** 20 chunks, 10 ms apart, from {@code startMs + 10}; the server reports {@code loadMs} of model load. */
  private static RequestSample request(long startMs, double loadMs) {
    List<Long> times = new ArrayList<>();
    for (int k = 0; k < 20; k++) {
      times.add((startMs + 10 + k * 10L) * MS);
    }
    return RequestSample.builder(startMs * MS, times, times.get(19)).promptTokens(10).usageOutputTokens(20)
        .finishReason("stop").servedModel("m").firstAnswerNanos(times.get(0)).serverTimings(Map.of("load_ms", loadMs))
        .textBytes(20).answer("x").build();
  }

  /**
   * A cold load 0-1,500 ms (its first chunk after the load), a failed request 1,500-1,700 ms, then two counted
   * requests 1,700-1,900 and 1,900-2,100 ms: 40 tokens over 400 ms.
   */
  private static List<RequestSample> requests() {
    RequestSample cold = request(0, 1300.0);
    List<Long> late = cold.timing().textChunkNanos().stream().map(t -> t + 1290 * MS).toList();
    cold = RequestSample.builder(0, late, late.get(19)).promptTokens(10).usageOutputTokens(20).finishReason("stop")
        .servedModel("m").firstAnswerNanos(late.get(0)).serverTimings(Map.of("load_ms", 1300.0)).textBytes(20)
        .answer("x").build();
    RequestSample failed = RequestSample.builder(1500 * MS, List.of(), 1700 * MS).error("HTTP 503").build();
    return List.of(cold, failed, request(1700, 3.0), request(1890, 3.0));
  }

  @Test
  void theSpanRunsFromTheFirstCountedSendToTheLastCountedEnd() {
    PhaseSampling.Span span = CountedSpan.of(requests());
    assertThat(span).isEqualTo(new PhaseSampling.Span(1700 * MS, 2090 * MS));
    assertThat(CountedSpan.of(List.of(requests().get(1)))).isNull();
  }

  @Test
  void throughputAndRequestRateDivideTheCountedTokensByTheCountedSpan() {
    CaseAnalysis analysis = OneFeatureAnalysis.analyze(
        requests(), m -> HardwareFindings.of(new ResourceInputs(null, DeploymentFacts.NONE, null), m), List.of());
    assertThat(analysis.requests().counts().outputTokens()).isEqualTo(40);
    assertThat(analysis.requests().counts().wallMs()).isEqualTo(390.0);
    // 40 tokens over 390 ms, not over the 2,090 ms from the cold load's send
    assertThat(analysis.figures().get(Metric.THROUGHPUT)).isCloseTo(102.56, within(0.01));
    assertThat(analysis.figures().get(Metric.REQUEST_RATE)).isCloseTo(5.128, within(0.001));
  }
}
