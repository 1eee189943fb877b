package dev.llmh.annotations;

import dev.llmh.config.Defaults;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Finds the concurrency at which the server saturates: steps at {@code from}, twice that, four
 * times… up to {@code to}, each its own case, run in order. The search stops at the first step whose
 * aggregate output tok/s gained less than {@code minGain} over the step before, whose budget FAILed,
 * or, with {@link Slo}, whose goodput fell; the steps past it are reported as not run, saying why.
 * Replaces {@link Concurrency}: declaring both is an error.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface SaturationSearch {
  /** The first step's concurrency, at least 1. */
  int from() default 1;

  /** The highest concurrency a step may reach, at least {@code from}. */
  int to();

  /** The least relative gain in output tok/s (0.05 is 5%) for which the search goes on. */
  double minGain() default Defaults.SATURATION_MIN_GAIN;
}
