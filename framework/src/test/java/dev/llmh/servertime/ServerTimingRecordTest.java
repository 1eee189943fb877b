package dev.llmh.servertime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.analysis.Figure;
import dev.llmh.constraint.Metric;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.fixtures.CaseResults;
import dev.llmh.stats.MetricSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The record's {@code server_timing}, written and read back as a section of the feature's own, and
 * the line every output shows of it.
 */
class ServerTimingRecordTest {
  private static final ObjectMapper MAPPER = ResultsFiles.mapper();

  /** Twenty requests timed by llama.cpp: the server's first token at 40…59 ms, the client's overhead 10…29 ms, no cache count. */
  private static ServerTimings timed() {
    List<Double> server = new ArrayList<>();
    List<Double> overhead = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      server.add(40.0 + i);
      overhead.add(10.0 + i);
    }
    return new ServerTimings(20, 20, "llama.cpp timings.prompt_ms",
        Map.of(Metric.SERVER_TTFT, MetricSample.perRequest(server), Metric.CLIENT_OVERHEAD, MetricSample.perRequest(overhead)),
        Map.of(Metric.CACHED_PROMPT_TOKENS, ServerTimings.NO_CACHE_COUNT), 0.95);
  }

  private static CaseResult withSection(ServerTimings found) {
    return CaseResults.passing().section(ServerTimingRecord.SECTION, ServerTimingRecord.of(found)).build();
  }

  @Test
  void writtenUnderItsKeyAndReadBackAsItsType() throws Exception {
    CaseResult result = withSection(timed());
    JsonNode json = MAPPER.readTree(MAPPER.writeValueAsString(result));
    JsonNode timing = json.get("server_timing");
    assertThat(timing.get("source").asText()).isEqualTo("llama.cpp timings.prompt_ms");
    assertThat(timing.get("server_ttft_ms").get("n").asInt()).isEqualTo(20);
    assertThat(timing.get("server_ttft_ms").get("min").asDouble()).isEqualTo(40.0);
    assertThat(timing.get("client_overhead_ms").get("max").asDouble()).isEqualTo(29.0);
    assertThat(timing.get("client_overhead_ms").get("ci").get("p50")).hasSize(2);
    assertThat(timing.get("cached_prompt_tokens").isNull()).isTrue();
    assertThat(timing.get("not_measured").get("cached_prompt_tokens").asText()).isEqualTo(ServerTimings.NO_CACHE_COUNT);

    CaseResult read = MAPPER.readValue(MAPPER.writeValueAsString(result), CaseResult.class);
    assertThat(read.section(ServerTimingRecord.SECTION)).isEqualTo(result.section(ServerTimingRecord.SECTION));
  }

  @Test
  void everyOutputShowsTheMedianAndP95WithTheIntervalABudgetIsJudgedOn() {
    CaseResult result = withSection(timed());
    Figure line = FigureSource.all(result).stream().filter(f -> f.label().equals("server's")).findFirst().orElseThrow();
    assertThat(line.text()).startsWith("ttft p50 49.5 ms [").contains("], p95 ")
        .contains("; client overhead p50 19.5 ms [")
        .endsWith("; 20 of 20 requests timed (llama.cpp timings.prompt_ms)");
    assertThat(line.values()).extracting(Figure.Value::key).containsExactly(
        "server_timing.server_ttft_ms.p50", "server_timing.server_ttft_ms.p95", "server_timing.client_overhead_ms.p50",
        "server_timing.client_overhead_ms.p95", "server_timing.cached_prompt_tokens.p50");
    Figure.Value cached = line.values().get(4);
    assertThat(cached.source()).isEqualTo(Figure.Source.NOT_MEASURED);
    assertThat(cached.notMeasured()).isEqualTo(ServerTimings.NO_CACHE_COUNT);
    assertThat(line.values().get(2).metric()).isEqualTo(Metric.CLIENT_OVERHEAD);
    assertThat(line.values().get(2).interval()).hasSize(2);
  }

  @Test
  void aServerThatSaidNothingShowsWhyNeverAZero() {
    Map<Metric, String> why = Map.of(Metric.SERVER_TTFT, ServerTimings.NO_TIMINGS, Metric.CLIENT_OVERHEAD,
        ServerTimings.NO_TIMINGS, Metric.CACHED_PROMPT_TOKENS, ServerTimings.NO_TIMINGS);
    CaseResult result = withSection(new ServerTimings(20, 0, null, Map.of(), why, 0.95));
    Figure line = FigureSource.all(result).stream().filter(f -> f.label().equals("server's")).findFirst().orElseThrow();
    assertThat(line.text()).isEqualTo("ttft and client overhead not measured: " + ServerTimings.NO_TIMINGS);
    assertThat(line.values()).allSatisfy(v -> {
      assertThat(v.value()).isNull();
      assertThat(v.source()).isEqualTo(Figure.Source.NOT_MEASURED);
    });
    // a case without the section shows no line at all
    assertThat(FigureSource.all(CaseResults.passing().build())).noneMatch(f -> f.label().equals("server's"));
  }
}
