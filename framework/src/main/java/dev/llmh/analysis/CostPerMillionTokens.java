package dev.llmh.analysis;

import dev.llmh.config.ConfigKey;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.resources.CostRecord;
import dev.llmh.resources.Energy;

/**
 * Cost per million output tokens, worked out per serving hour:
 *
 * <pre>
 *   hardware per hour = price ÷ (lifetimeYears × 365 × hoursPerDay)      (owned)
 *                     = perHour                                          (rented)
 *   tokens per hour   = throughput × 3600 × utilisation
 *   hardware per Mtok = hardware per hour ÷ tokens per hour × 10⁶
 *   energy per Mtok   = energy per token × 10⁶ ÷ 3.6×10⁶ J/kWh × powerPrice
 *   cost per Mtok     = hardware per Mtok + energy per Mtok
 * </pre>
 *
 * The electricity counts the energy of generating only: idle hours draw power too, which the
 * measurement does not see, so at low utilisation the figure is a floor.
 */
public final class CostPerMillionTokens {
  private static final double JOULES_PER_KWH = 3.6e6;

  private CostPerMillionTokens() {}

  /**
   * @param throughput measured output tokens per second, or null when not measured
   * @param energy the measured phase's energy, for the energy per token
   * @param outputTokens the output tokens of that phase
   */
  public static CostRecord of(DeploymentFacts facts, Double throughput, Energy energy, long outputTokens) {
    String currency = facts.currencyOrDefault();
    DeploymentFacts.Cost cost = facts.cost();
    if (cost == null) {
      return CostRecord.notMeasured(currency, CostRecord.NO_PRICES + ": set " + ConfigKey.COST_HARDWARE.key() + " (with "
          + ConfigKey.COST_LIFETIME_YEARS.key() + ", " + ConfigKey.COST_HOURS_PER_DAY.key() + ", "
          + ConfigKey.COST_POWER_PRICE.key() + ") or " + ConfigKey.COST_PER_HOUR.key() + ", or @Cost");
    }
    if (throughput == null || !(throughput > 0)) {
      return CostRecord.notMeasured(currency, "no throughput measured: no output tokens in the measured phase");
    }
    Double energyPerToken = energyPerToken(energy, outputTokens);
    boolean electricity = cost.powerPrice() != null;
    if (electricity && energyPerToken == null) {
      return CostRecord.notMeasured(currency, "the electricity cannot be priced: energy per token not measured ("
          + (energy == null ? "energy was not measured" : energy.notMeasured() != null ? energy.notMeasured()
              : "no output tokens in the measured phase") + ")");
    }
    double hardwarePerHour = cost.rented() ? cost.perHour()
        : cost.hardware() / (cost.lifetimeYears() * 365 * cost.hoursPerDay());
    double tokensPerHour = throughput * 3600 * cost.utilisation() / 100;
    double hardwarePerMtok = hardwarePerHour / tokensPerHour * 1e6;
    double energyPerMtok = electricity ? energyPerToken * 1e6 / JOULES_PER_KWH * cost.powerPrice() : 0;
    return new CostRecord(currency, cost.rented() ? "rented" : "owned", hardwarePerMtok + energyPerMtok, hardwarePerMtok,
        energyPerMtok, cost.utilisation(), throughput, energyPerToken, energyPerToken == null ? null : energy.energySource(),
        null);
  }

  /** Joules per output token over the measured phase, or null when the energy or the tokens are unknown. */
  public static Double energyPerToken(Energy energy, long outputTokens) {
    return energy == null || energy.joules() == null || outputTokens <= 0 ? null : energy.joules() / outputTokens;
  }
}
