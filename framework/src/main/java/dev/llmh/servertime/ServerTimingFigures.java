package dev.llmh.servertime;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.feature.FigureSource;
import dev.llmh.feature.Percentiles;
import dev.llmh.result.CaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A case's {@code server's} line (apart from the endpoint's {@code server} line), e.g. {@code ttft
 * p50 41.2 ms [40.8, 41.9], p95 43 ms; client overhead p50 1.31 ms [1.2, 1.45], p95 2.1 ms; 16 of 16
 * requests timed (llama.cpp timings.prompt_ms)}, with each figure's p50 and p95 and the interval a
 * budget on it is judged on.
 */
public final class ServerTimingFigures extends FigureSource.OfSection<ServerTimingRecord> {
  private static final Map<Metric, String> WORDS =
      Map.of(Metric.SERVER_TTFT, "ttft", Metric.CLIENT_OVERHEAD, "client overhead", Metric.CACHED_PROMPT_TOKENS, "cached prompt tokens");

  public ServerTimingFigures() {
    super(ServerTimingRecord.SECTION);
  }

  @Override
  protected List<Figure> figures(ServerTimingRecord timing, CaseResult result) {
    List<String> parts = new ArrayList<>();
    List<Value> values = new ArrayList<>();
    for (Metric metric : ServerTimings.METRICS) {
      String words = Percentiles.add("server_timing.", metric, timing.summary(metric),
          timing.notMeasured().get(metric.jsonName()), values);
      if (words != null) {
        parts.add(WORDS.get(metric) + " " + words);
      }
    }
    if (timing.timed() == 0) {
      // one reason for all: nothing was timed
      parts.add("ttft and client overhead not measured: " + timing.notMeasured().get(Metric.SERVER_TTFT.jsonName()));
    } else {
      parts.add(timing.timed() + " of " + timing.counted() + " requests timed (" + timing.source() + ")");
    }
    return List.of(new Figure("server's", String.join("; ", parts), values));
  }
}
