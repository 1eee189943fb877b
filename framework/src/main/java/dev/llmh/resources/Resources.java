package dev.llmh.resources;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Resident memory and CPU of the serving process (and its children) over one phase, sampled every
 * {@code intervalMs}. RSS misses GPU memory and mmapped weights the server has not touched yet.
 *
 * @param source what was sampled, e.g. {@code pid 1234 and its children}
 * @param intervalMs the sampling interval asked for
 * @param samples how many samples the series holds
 * @param peakRssBytes the largest resident set seen; null when not measured
 * @param meanRssBytes the mean of the samples' resident sets; null when not measured
 * @param meanCpuPercent CPU time over the sampled wall time, in % of one core (200 = two cores busy);
 *     null when not measured
 * @param series each sample as {@code [t_ms, rss_bytes, cpu_percent]}, t from the start of sampling,
 *     cpu over the interval that ends at t
 * @param notMeasured why there is no figure (a remote endpoint, a process that ended), else null
 * @param gpu the GPUs over the same phase, or why they are not measured; null before GPU sampling began
 * @param energy the energy over the phase, or why it is not measured; null in a warm-up's record
 * @param warmup the same, of the case's warm-up, when this is its measurement's
 */
public record Resources(
    String source,
    @JsonProperty("interval_ms") long intervalMs,
    int samples,
    @JsonProperty("peak_rss_bytes") Long peakRssBytes,
    @JsonProperty("mean_rss_bytes") Long meanRssBytes,
    @JsonProperty("mean_cpu_percent") Double meanCpuPercent,
    List<List<Number>> series,
    @JsonProperty("notMeasured") @JsonInclude(JsonInclude.Include.NON_NULL) String notMeasured,
    @JsonInclude(JsonInclude.Include.NON_NULL) GpuResources gpu,
    @JsonInclude(JsonInclude.Include.NON_NULL) Energy energy,
    @JsonInclude(JsonInclude.Include.NON_NULL) Resources warmup) {

  public Resources {
    series = series == null ? List.of() : series.stream().map(List::copyOf).toList();
  }

  /** Nothing sampled, and why: never zeros that read as a measurement. */
  public static Resources notMeasured(String source, long intervalMs, String reason) {
    return new Resources(source, intervalMs, 0, null, null, null, List.of(), reason, null, null, null);
  }

  /** The measurement's resources with the warm-up's beside them. */
  public Resources withWarmup(Resources w) {
    return new Resources(source, intervalMs, samples, peakRssBytes, meanRssBytes, meanCpuPercent, series, notMeasured, gpu,
        energy, w);
  }

  /** These resources with the GPUs' and the energy over the same phase. */
  public Resources with(GpuResources g, Energy e) {
    return new Resources(source, intervalMs, samples, peakRssBytes, meanRssBytes, meanCpuPercent, series, notMeasured, g, e,
        warmup);
  }
}
