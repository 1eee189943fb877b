package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * One {@code @SaturationSearch}: its steps in order, the knee and why the search stopped.
 *
 * @param caseName the prompt's case name (JSON {@code case})
 * @param params the case parameters other than the step (model, {@code @Param} values), null when none
 * @param minGain the least relative gain in output tok/s for which the search went on
 * @param stopsOn the server's and the process's signals that would have stopped it, as declared
 *     ({@code server_kv_cache_usage.max >= 95%}, {@code server_preemptions > 0}, …)
 * @param knee the last step worth its cost: the one before the step that gained less than
 *     {@code minGain}, failed a budget or lost goodput; null when the search found none (it reached
 *     {@code to} still gaining, or its first step already failed)
 * @param stoppedBecause why no step came after the last one run
 * @param stoppedBy the rule that stopped it: {@code budget}, {@code not_measured}, {@code kv_cache},
 *     {@code preemption}, {@code waiting}, {@code memory}, {@code goodput}, {@code throughput}, or
 *     {@code last_step} when it ran every step, {@code not_run} when the run ended first
 */
@JsonPropertyOrder({"scenario", "case", "params", "minGain", "stopsOn", "steps", "knee", "stoppedBecause", "stoppedBy"})
public record SaturationRecord(
    String scenario,
    @JsonProperty("case") String caseName,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> params,
    double minGain,
    List<String> stopsOn,
    List<Step> steps,
    Point knee,
    String stoppedBecause,
    String stoppedBy) {

  public SaturationRecord {
    steps = List.copyOf(steps);
    stopsOn = stopsOn == null ? List.of() : List.copyOf(stopsOn);
  }

  /**
   * One step: a concurrency (closed loop) or a rate (open loop), one of the two set.
   *
   * @param throughput aggregate output tok/s over the step's measured phase; null when not measured
   * @param ttftP95 TTFT p95 in ms; null when not measured
   * @param goodput good requests per second under the {@code @Slo}; null without one, or when not measured
   * @param verdict the step's case verdict; {@code NOT_RUN} for a step past the stop
   * @param reason why a step was not run, or why its gain over the step before was undecided, else null
   * @param throughputBounds the interval of {@code throughput} the knee is decided on ({@code [lower, upper]}),
   *     null when too few requests were counted to bound it
   * @param signals what the server and its process said of the step; null when neither was measured
   */
  @JsonPropertyOrder({"concurrency", "rate", "throughput", "throughput_bounds", "ttft_p95", "goodput", "signals", "verdict", "reason"})
  public record Step(
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer concurrency,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double rate,
      Double throughput,
      @JsonProperty("ttft_p95") Double ttftP95,
      Double goodput,
      String verdict,
      @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("throughput_bounds") List<Double> throughputBounds,
      @JsonInclude(JsonInclude.Include.NON_NULL) Signals signals) {

    /** A step planned and not (yet) measured. */
    public static Step planned(Integer concurrency, Double rate) {
      return new Step(concurrency, rate, null, null, null, null, null, null, null);
    }

    /** This step with {@code note} as its reason. */
    public Step withReason(String note) {
      return new Step(concurrency, rate, throughput, ttftP95, goodput, verdict, note, throughputBounds, signals);
    }

    /** {@code concurrency 4}, {@code rate 2 req/s}: as the console and the reasons name it. */
    public String label() {
      return concurrency != null ? "concurrency " + concurrency : "rate " + dev.llmh.constraint.Quantity.formatBare(rate,
          dev.llmh.constraint.Unit.REQUESTS_PER_SECOND) + " req/s";
    }

    /** The step's value alone: {@code 8}, {@code 2 req/s}. */
    public String value() {
      return concurrency != null ? String.valueOf(concurrency) : dev.llmh.constraint.Quantity.formatBare(rate,
          dev.llmh.constraint.Unit.REQUESTS_PER_SECOND) + " req/s";
    }
  }

  /** The knee: its step and output tok/s there. */
  @JsonPropertyOrder({"concurrency", "rate", "throughput"})
  public record Point(
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer concurrency,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double rate,
      Double throughput) {}

  /**
   * What the server's {@code /metrics} and the serving process said of one step; each null when not measured.
   *
   * @param kvCacheUsageMax the largest KV cache usage seen, in % ({@code server_kv_cache_usage.max})
   * @param preemptions the requests the server preempted during the step ({@code server_preemptions})
   * @param requestsWaiting requests waiting at the server, the mean of the looks taken while requests were in flight
   * @param peakRssBytes the serving process tree's peak resident set ({@code peak_rss})
   * @param gpuMemoryBytes the serving process's peak share of the GPUs' memory
   */
  @JsonPropertyOrder({"kv_cache_usage_max", "preemptions", "requests_waiting", "peak_rss_bytes", "gpu_memory_bytes"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Signals(
      @JsonProperty("kv_cache_usage_max") Double kvCacheUsageMax,
      Double preemptions,
      @JsonProperty("requests_waiting") Double requestsWaiting,
      @JsonProperty("peak_rss_bytes") Long peakRssBytes,
      @JsonProperty("gpu_memory_bytes") Long gpuMemoryBytes) {}
}
