package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What the case's {@code @Slo} made of its requests. Intervals are two-sided at the run's confidence:
 * Clopper–Pearson for the attainment (an exact binomial interval), and the same interval times
 * counted requests ÷ window for goodput.
 *
 * @param targets the targets in ms; null when no {@code @Slo} was declared
 * @param counted the requests judged (measured, less those with a model load); failed ones count, as not good
 * @param good the requests that succeeded within every target
 * @param goodput good requests per second of the measured phase (req/s); null when not measured
 * @param sloAttainment good ÷ counted, in %; null when not measured
 * @param notMeasured why goodput and attainment have no value, else null
 */
public record SloRecord(
    Targets targets,
    Integer counted,
    Integer good,
    Double goodput,
    @JsonProperty("goodput_ci") List<Double> goodputCi,
    @JsonProperty("slo_attainment") Double sloAttainment,
    @JsonProperty("slo_attainment_ci") List<Double> sloAttainmentCi,
    @JsonProperty("not_measured") String notMeasured) {

  /** Each target in ms, null when not one. */
  public record Targets(
      @JsonProperty("ttft_ms") Double ttftMs, @JsonProperty("tpot_ms") Double tpotMs, @JsonProperty("e2e_ms") Double e2eMs) {}
}
