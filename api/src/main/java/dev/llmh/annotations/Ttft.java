package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Time-to-first-token budgets, shorthand for {@code @Constraint("ttft.p95 <= 2s")}. Each value is a
 * duration with a unit ({@code "350ms"}, {@code "2s"}); an empty value sets no budget.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Ttft {
  String p50() default "";

  String p90() default "";

  String p95() default "";

  String p99() default "";
}
