package dev.llmh.resources;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What a million output tokens cost at the declared prices, the measured throughput and energy,
 * and the declared utilisation; the formula is in docs/guide/resources-and-cost.md.
 *
 * @param currency the ISO 4217 code of every sum here
 * @param basis {@code owned} (the hardware's price amortised over its serving hours) or {@code rented} (per hour)
 * @param perMtok hardware plus electricity per million output tokens; null when not measured
 * @param hardwarePerMtok the hardware's share
 * @param energyPerMtok the electricity's share: energy per token at the price of a kWh (0 for rented
 *     hardware whose hourly price includes it)
 * @param utilisationPercent the share of serving hours spent generating, as declared
 * @param throughput the measured output tokens per second it rests on
 * @param energyPerTokenJ the energy per token it rests on, and {@code energySource} where that came from
 * @param notMeasured why there is no cost (no prices declared, throughput or energy not measured), else null
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CostRecord(
    String currency,
    String basis,
    Double perMtok,
    Double hardwarePerMtok,
    Double energyPerMtok,
    Double utilisationPercent,
    @JsonProperty("output_tokens_per_s") Double throughput,
    Double energyPerTokenJ,
    @JsonProperty("energySource") String energySource,
    @JsonProperty("notMeasured") @JsonInclude(JsonInclude.Include.NON_NULL) String notMeasured) {

  /** How the reason begins when no prices are declared at all: nothing to say beside the figures. */
  public static final String NO_PRICES = "no prices declared";

  /** No cost, and why. */
  public static CostRecord notMeasured(String currency, String reason) {
    return new CostRecord(currency, null, null, null, null, null, null, null, null, reason);
  }
}
