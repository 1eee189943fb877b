package dev.llmh.resources;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Energy the serving hardware used over the measured phase, and where the figure comes from.
 *
 * @param energySource {@code nvidia-smi} (the GPUs' power samples integrated over the phase),
 *     {@code rapl} (the CPU packages' energy counters) or {@code declared} ({@code llmh.power.watts}
 *     × the phase's duration: an estimate from a declared figure, not a measurement); null when not measured
 * @param joules the energy over the phase
 * @param meanWatts joules over the phase's duration
 * @param windowMs the phase's duration the energy is over
 * @param notMeasured why there is no figure, else null
 * @param perTokenJ joules per output token of the counted requests ({@code energy_per_token}); null
 *     until the case is analysed, or when there were no output tokens
 */
public record Energy(
    String energySource,
    Double joules,
    @JsonProperty("mean_watts") Double meanWatts,
    @JsonProperty("window_ms") Long windowMs,
    @JsonProperty("notMeasured") @JsonInclude(JsonInclude.Include.NON_NULL) String notMeasured,
    @JsonProperty("per_token_j") Double perTokenJ) {

  public static final String NVIDIA_SMI = "nvidia-smi";
  public static final String RAPL = "rapl";
  public static final String DECLARED = "declared";

  /** No figure, and why. */
  public static Energy notMeasured(String reason) {
    return new Energy(null, null, null, null, reason, null);
  }

  /** This energy with the case's energy per output token. */
  public Energy withPerToken(Double joulesPerToken) {
    return new Energy(energySource, joules, meanWatts, windowMs, notMeasured, joulesPerToken);
  }
}
