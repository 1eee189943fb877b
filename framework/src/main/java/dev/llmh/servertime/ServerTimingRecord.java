package dev.llmh.servertime;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.llmh.constraint.Metric;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.Section;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A case's {@code server_timing}: what its servers said of their own timing, summarised as the
 * core's {@code metrics} are (n, mean, percentiles, two-sided intervals at the run's level), each
 * null when not measured, with why in {@code not_measured}.
 *
 * @param source how the server's first token was read: {@code llama.cpp timings.prompt_ms} or
 *     {@code Ollama load_duration + prompt_eval_duration}; null when no request was timed
 * @param counted the counted requests (succeeded, no model load)
 * @param timed those whose server timed them itself
 * @param serverTtftMs the server's own time to the first token, ms
 * @param clientOverheadMs the client's TTFT less the server's, ms
 * @param cachedPromptTokens prompt tokens the server took from its cache
 * @param notMeasured why a figure is null, by its name here; absent when every figure is measured
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ServerTimingRecord(
    String source, int counted, int timed, MetricSummary serverTtftMs, MetricSummary clientOverheadMs,
    MetricSummary cachedPromptTokens, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> notMeasured) {

  /** The record's section: this feature's own, declared here rather than among the core's. */
  public static final Section<ServerTimingRecord> SECTION = Section.optional("server_timing", ServerTimingRecord.class);

  /** What the findings come to, with the intervals at their level. */
  static ServerTimingRecord of(ServerTimings found) {
    Map<String, String> notMeasured = new LinkedHashMap<>();
    ServerTimings.METRICS.forEach(m -> {
      if (found.notMeasured().containsKey(m)) {
        notMeasured.put(m.jsonName(), found.notMeasured().get(m));
      }
    });
    return new ServerTimingRecord(found.source(), found.counted(), found.timed(), summary(found, Metric.SERVER_TTFT),
        summary(found, Metric.CLIENT_OVERHEAD), summary(found, Metric.CACHED_PROMPT_TOKENS), notMeasured);
  }

  private static MetricSummary summary(ServerTimings found, Metric metric) {
    var sample = found.samples().get(metric);
    return sample == null ? null : MetricSummary.of(sample, found.confidence());
  }

  /** A figure's summary by its metric. */
  MetricSummary summary(Metric metric) {
    return switch (metric) {
      case SERVER_TTFT -> serverTtftMs;
      case CLIENT_OVERHEAD -> clientOverheadMs;
      case CACHED_PROMPT_TOKENS -> cachedPromptTokens;
      default -> throw new IllegalArgumentException(metric + " is not a server timing");
    };
  }
}
