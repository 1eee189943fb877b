package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * A least-squares line through one scenario's measured requests at one concurrency and model: TTFT
 * against the prompt tokens the server counted, over three or more {@code @SyntheticPrompt} lengths.
 * Its slope is the time per prompt token, so its inverse is the prefill rate: the slope, not
 * any one length's TTFT, is the figure that carries over.
 *
 * @param params the case's other parameters ({@code @Param} values), when it has any
 * @param line the fitted line, written at the top level of the record
 * @param prefillTokensPerSecond {@code 1000 / slope}, or null when the relation is not linear or the slope is not positive
 * @param ci the prefill rate's interval (from the slope's {@code confidence} interval), {@code [lo, hi]} in tok/s;
 *     an end the slope's interval cannot bound (it reaches zero) is null; null without a rate
 * @param note why no rate is given, or null
 * @param longestPrompt the serving process's peak memory on the longest prompt (memory is
 *     measured where the context, and so the KV cache, is largest)
 */
@JsonPropertyOrder({"scenario", "model", "concurrency", "params", "line", "prefill_tokens_per_s", "ci"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FitRecord(
    String scenario,
    String model,
    int concurrency,
    Map<String, Object> params,
    @JsonUnwrapped Line line,
    @JsonProperty("prefill_tokens_per_s") Double prefillTokensPerSecond,
    List<Double> ci,
    double confidence,
    String note,
    @JsonProperty("longest_prompt") LongestPrompt longestPrompt) {

  /**
   * The least-squares line.
   *
   * @param x what the line is fitted against: {@code prompt_tokens}
   * @param y what is fitted: {@code ttft_ms}
   * @param slopeMsPerToken milliseconds per prompt token
   * @param interceptMs the line's TTFT at zero prompt tokens: fixed cost (queueing, network, scheduling)
   * @param r2 coefficient of determination; below {@link #LINEAR_R2} the relation is not a line
   * @param slopeCi the slope's interval, {@code [lo, hi]} in ms per token
   * @param n requests fitted
   * @param lengths the distinct target lengths they came from
   * @param linear whether R² is at least {@link #LINEAR_R2}
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Line(
      String x,
      String y,
      @JsonProperty("slope_ms_per_token") double slopeMsPerToken,
      @JsonProperty("intercept_ms") double interceptMs,
      double r2,
      @JsonProperty("slope_ci_ms_per_token") List<Double> slopeCi,
      int n,
      List<Integer> lengths,
      boolean linear) {}

  /**
   * @param promptTokens the longest target length of the fit
   * @param peakRssBytes the serving process's peak resident memory in that case's measured phase, or null
   * @param notMeasured why there is no peak, else null
   */
  public record LongestPrompt(
      @JsonProperty("prompt_tokens") int promptTokens,
      @JsonProperty("peak_rss_bytes") Long peakRssBytes,
      @JsonProperty("notMeasured") String notMeasured) {}

  /** The x of a prefill fit. */
  public static final String PROMPT_TOKENS = "prompt_tokens";
  /** The y of a prefill fit. */
  public static final String TTFT_MS = "ttft_ms";
  /** Below this R² no rate is read off the slope. */
  public static final double LINEAR_R2 = dev.llmh.stats.LinearFit.LINEAR_R2;
}
