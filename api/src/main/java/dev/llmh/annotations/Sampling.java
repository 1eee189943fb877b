package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Sampling parameters. The defaults (greedy, fixed seed) keep output lengths stable between runs, so
 * that a benchmark measures the server rather than sampling luck.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Sampling {
  double temperature() default 0.0;

  long seed() default 42;
}
