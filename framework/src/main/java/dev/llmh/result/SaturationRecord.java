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
 * @param knee the last step worth its cost: the one before the step that gained less than
 *     {@code minGain}, failed a budget or lost goodput; null when the search found none (it reached
 *     {@code to} still gaining, or its first step already failed)
 * @param stoppedBecause why no step came after the last one run
 */
@JsonPropertyOrder({"scenario", "case", "params", "minGain", "steps", "knee", "stoppedBecause"})
public record SaturationRecord(
    String scenario,
    @JsonProperty("case") String caseName,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> params,
    double minGain,
    List<Step> steps,
    Point knee,
    String stoppedBecause) {

  public SaturationRecord {
    steps = List.copyOf(steps);
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
   */
  @JsonPropertyOrder({"concurrency", "rate", "throughput", "throughput_bounds", "ttft_p95", "goodput", "verdict", "reason"})
  public record Step(
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer concurrency,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double rate,
      Double throughput,
      @JsonProperty("ttft_p95") Double ttftP95,
      Double goodput,
      String verdict,
      @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("throughput_bounds") List<Double> throughputBounds) {

    /** This step with {@code note} as its reason. */
    public Step withReason(String note) {
      return new Step(concurrency, rate, throughput, ttftP95, goodput, verdict, note, throughputBounds);
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
}
