package dev.llmh.config;

/**
 * What the user declares about the deployment where LLMH cannot measure it: the machine's power
 * draw, its memory bandwidth, the bytes of weights a token reads, and what the hardware costs.
 * Declared figures are inputs, never results: a figure computed from one says so.
 *
 * @param currency {@code llmh.cost.currency}: of every price and of {@code cost_per_mtok} budgets
 * @param powerWatts {@code llmh.power.watts}, or null
 * @param memoryBandwidth {@code llmh.hardware.memoryBandwidth} in bytes per second, or null
 * @param modelBytes {@code llmh.model.bytes}, or null
 * @param cost the {@code llmh.cost.*} prices, or null when none is declared
 * @param trustDeclared {@code llmh.cost.trustDeclared} / {@code @Cost(trustDeclared = true)}: budgets on a
 *     figure computed from a declared power or price are judged PASS or FAIL; else they are
 *     INCONCLUSIVE, since a declared figure shows nothing about the server; null when not declared
 */
public record DeploymentFacts(
    String currency, Double powerWatts, Double memoryBandwidth, Long modelBytes, Cost cost, Boolean trustDeclared) {

  public static final DeploymentFacts NONE = new DeploymentFacts(null, null, null, null, null, null);

  /** True when budgets on declared figures decide ({@link #trustDeclared()}). */
  public boolean declaredTrusted() {
    return Boolean.TRUE.equals(trustDeclared);
  }

  /** The currency of prices and budgets: {@link Defaults#COST_CURRENCY} when none is declared. */
  public String currencyOrDefault() {
    return currency == null ? Defaults.COST_CURRENCY : currency;
  }

  /**
   * Each figure of {@code over} (the configuration) where declared, else this one's (the scenario's
   * annotations): the settings' precedence, key by key.
   */
  public DeploymentFacts under(DeploymentFacts over) {
    return new DeploymentFacts(pick(over.currency, currency), pick(over.powerWatts, powerWatts),
        pick(over.memoryBandwidth, memoryBandwidth), pick(over.modelBytes, modelBytes),
        cost == null ? over.cost : cost.under(over.cost), pick(over.trustDeclared, trustDeclared));
  }

  private static <T> T pick(T over, T under) {
    return over != null ? over : under;
  }

  /**
   * The prices a cost per million tokens is computed from: owned hardware ({@code hardware} over
   * {@code lifetimeYears} at {@code hoursPerDay}, electricity at {@code powerPrice}) or rented
   * ({@code perHour}, electricity included unless {@code powerPrice} is given).
   *
   * <p>Each component is null when not declared: configuration and {@code @Cost} are merged key by
   * key before {@link #problem()} is asked.
   *
   * @param utilisationPercent share of the serving hours spent generating at the measured throughput
   *     (null: {@link Defaults#COST_UTILISATION_PERCENT})
   */
  public record Cost(
      Double hardware, Double lifetimeYears, Double hoursPerDay, Double powerPrice, Double utilisationPercent,
      Double perHour) {

    /** The utilisation the cost is computed at, in %. */
    public double utilisation() {
      return utilisationPercent == null ? Defaults.COST_UTILISATION_PERCENT : utilisationPercent;
    }

    /** Each component of {@code over} where declared, else this one's: configuration over {@code @Cost}. */
    public Cost under(Cost over) {
      if (over == null) {
        return this;
      }
      return new Cost(pick(over.hardware, hardware), pick(over.lifetimeYears, lifetimeYears), pick(over.hoursPerDay, hoursPerDay),
          pick(over.powerPrice, powerPrice), pick(over.utilisationPercent, utilisationPercent), pick(over.perHour, perHour));
    }

    /** True for rented hardware, priced by the hour. */
    public boolean rented() {
      return perHour != null;
    }

    /**
     * What is missing or contradictory, naming the keys to set, or null when a cost can be computed:
     * checked before the first request, never discovered after the measurement.
     */
    public String problem() {
      if (!(utilisation() > 0) || utilisation() > 100) {
        return ConfigKey.COST_UTILISATION.key() + " must be above 0% and at most 100%";
      }
      if (rented()) {
        return hardware != null || lifetimeYears != null || hoursPerDay != null
            ? ConfigKey.COST_PER_HOUR.key() + " prices rented hardware by the hour, and " + ConfigKey.COST_HARDWARE.key()
                + " (with lifetimeYears, hoursPerDay) prices owned hardware: keep one"
            : null;
      }
      StringBuilder missing = new StringBuilder();
      for (var key : new Object[][] {
          {ConfigKey.COST_HARDWARE, hardware}, {ConfigKey.COST_LIFETIME_YEARS, lifetimeYears},
          {ConfigKey.COST_HOURS_PER_DAY, hoursPerDay}, {ConfigKey.COST_POWER_PRICE, powerPrice}}) {
        if (key[1] == null) {
          missing.append(missing.isEmpty() ? "" : ", ").append(((ConfigKey) key[0]).key());
        }
      }
      if (!missing.isEmpty()) {
        return "a cost per million tokens of owned hardware needs " + ConfigKey.COST_HARDWARE.key() + ", "
            + ConfigKey.COST_LIFETIME_YEARS.key() + ", " + ConfigKey.COST_HOURS_PER_DAY.key() + " and "
            + ConfigKey.COST_POWER_PRICE.key() + " (or " + ConfigKey.COST_PER_HOUR.key() + " for rented hardware); missing: "
            + missing;
      }
      return hoursPerDay > 24 ? ConfigKey.COST_HOURS_PER_DAY.key() + " must be at most 24" : null;
    }
  }
}
