package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * A case compared with the same case in a stored baseline ({@code -Dllmh.baseline}).
 *
 * @param file the baseline file
 * @param compared false when the case was refused for comparison; {@code reason} says why
 * @param noiseBandPercent a change whose interval stays within this is never called a regression
 * @param metrics per metric key ({@code ttft_ms}...), only when compared
 */
public record BaselineRecord(
    String file, boolean compared, String reason, Double noiseBandPercent, Map<String, MetricComparison> metrics) {

  /**
   * One metric against the baseline, on per-request values (ITL: each request's median gap).
   *
   * @param changePercent relative change of the median (Hodges–Lehmann on log values), + is slower
   * @param intervalPercent 95% interval of {@code changePercent}; null ends when the samples cannot bound it
   * @param regression p < 0.05 and the interval's lower end above the noise band
   */
  public record MetricComparison(
      @JsonProperty("baseline_n") int baselineN,
      int n,
      @JsonProperty("baseline_p50") Double baselineP50,
      Double p50,
      @JsonProperty("p_value") Double pValue,
      boolean ties,
      @JsonProperty("change_percent") Double changePercent,
      @JsonProperty("interval_percent") Double[] intervalPercent,
      boolean regression) {}
}
