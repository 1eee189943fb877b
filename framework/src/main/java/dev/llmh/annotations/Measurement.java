package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Requests measured per case, sent as a closed loop at the case's concurrency.
 *
 * <p>With {@code maxRequests} above {@code requests} the measurement is adaptive: after
 * {@code requests} it looks at the data only at planned points ({@code requests}, twice that, four
 * times… up to {@code maxRequests}) and stops at the first where every constraint is PASS or FAIL.
 * The error allowed is split evenly across the looks (Bonferroni), so repeated looking does not
 * raise the chance of a wrong verdict above 1 − {@code llmh.confidence}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Measurement {
  /** Number of measured requests, at least 1. */
  int requests();

  /** Most requests an adaptive measurement may send; 0 (the default) measures exactly {@code requests}. */
  int maxRequests() default 0;
}
