package dev.llmh.resources;

import dev.llmh.constraint.Metric;

/**
 * Which figures rest on what the user declared rather than on what was measured, so that every
 * line showing one says so: {@code energy_per_token} from a declared power, {@code cost_per_mtok}
 * from declared prices (always) and a declared power (when the energy is declared).
 */
public final class DeclaredInputs {
  private DeclaredInputs() {}

  /**
   * {@code "declared power"}, {@code "declared prices"} or {@code "declared prices and power"};
   * null when a figure of {@code metric} rests on nothing declared.
   *
   * @param energySource the case's {@link Energy#energySource()}, or null
   * @param electricityPriced whether the cost prices the energy ({@code llmh.cost.powerPrice}): a rented
   *     machine's hourly price that includes its power rests on no energy figure
   */
  public static String label(Metric metric, String energySource, boolean electricityPriced) {
    boolean power = Energy.DECLARED.equals(energySource);
    return switch (metric) {
      case ENERGY_PER_TOKEN -> power ? "declared power" : null;
      case COST_PER_MTOK -> power && electricityPriced ? "declared prices and power" : "declared prices";
      default -> null;
    };
  }

  /** Whether {@code cost} priced the energy of generating. */
  public static boolean electricityPriced(CostRecord cost) {
    return cost != null && cost.energyPerMtok() != null && cost.energyPerMtok() > 0;
  }
}
