package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What the serving hardware costs, from which the case computes {@code cost_per_mtok} (the cost of a
 * million output tokens at the measured throughput; the formula is in docs/guide/resources-and-cost.md). Each member is the
 * {@code llmh.cost.*} key of its name, and configuration overrides the annotation key by key.
 *
 * <p>Owned hardware declares {@link #hardware()}, {@link #lifetimeYears()}, {@link #hoursPerDay()} and
 * {@link #powerPrice()}; rented hardware declares {@link #perHour()} instead (and {@code powerPrice}
 * only when electricity is billed apart). A number left at {@link Double#NaN}, or a string left empty,
 * is not declared. Every price is in {@link #currency()}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Cost {
  /**
   * The ISO 4217 code of every price here and of {@code cost_per_mtok} budgets, e.g. {@code "EUR"};
   * empty: {@code llmh.cost.currency}, else USD.
   */
  String currency() default "";

  /** Price of the serving hardware, amortised over {@link #lifetimeYears()} of {@link #hoursPerDay()}. */
  double hardware() default Double.NaN;

  /** Years the hardware serves before it is replaced. */
  double lifetimeYears() default Double.NaN;

  /** Hours a day the hardware is on and serving, at most 24. */
  double hoursPerDay() default Double.NaN;

  /** Price of a kWh of electricity. */
  double powerPrice() default Double.NaN;

  /**
   * Share of the serving hours spent generating at the measured throughput, with its % sign: above
   * {@code "0%"}, at most {@code "100%"}; empty: 100%.
   */
  String utilisation() default "";

  /** Rented hardware: its price per hour, instead of {@link #hardware()}. */
  double perHour() default Double.NaN;

  /**
   * True: a budget on a figure computed from a declared power ({@code @Power}, {@code llmh.power.watts})
   * or from these prices ({@code energy_per_token}, {@code cost_per_mtok}) is judged PASS or FAIL.
   * False (the default, or {@code llmh.cost.trustDeclared}): such a budget is INCONCLUSIVE, since a
   * declared figure shows nothing about the server. The figure is shown as declared either way.
   */
  boolean trustDeclared() default false;
}
