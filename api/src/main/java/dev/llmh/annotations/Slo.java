package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a good request is: one that succeeded within every target declared here. Each target is a
 * duration with a unit ({@code "2s"}, {@code "100ms"}); an empty one is not a target, and at least
 * one must be given. The case then measures {@code goodput} (good requests per second of the
 * measured phase) and {@code slo_attainment} (% of measured requests that are good; a failed request
 * is not), which constraints can budget: {@code @Constraint("slo_attainment >= 95%")}.
 *
 * <p>{@code tpot} is the request's own {@code (e2e − ttft) / (output tokens − 1)}; a request of one
 * output token has no decode to be slow and meets it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Slo {
  /** Longest time to the first token, e.g. {@code "2s"}. */
  String ttft() default "";

  /** Longest time per output token after the first, e.g. {@code "100ms"}. */
  String tpot() default "";

  /** Longest time from send to the end of the response, e.g. {@code "20s"}. */
  String e2e() default "";
}
