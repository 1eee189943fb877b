package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Requests measured per case, sent as a closed loop at the case's concurrency, or under {@link Load} the
 * arrivals of its schedule (never adaptive: a schedule is fixed in advance).
 *
 * <p>The measurement is adaptive: after {@code requests} it looks at the data only at planned
 * points ({@code requests}, twice that, four times… up to a ceiling) and stops at the first where
 * every constraint is PASS or FAIL. The error allowed is split evenly across the looks
 * (Bonferroni), so repeated looking does not raise the chance of a wrong verdict above 1 − {@code
 * llmh.confidence}. The ceiling is {@code maxRequests} when given; otherwise the sample the
 * scenario's percentile budgets need to be decided (capped by {@code llmh.maxRequests}), which is
 * {@code requests} itself when there is no percentile budget. {@code adaptive = false} measures
 * exactly {@code requests}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Measurement {
  /** Number of measured requests, at least 1. */
  int requests();

  /** Most requests an adaptive measurement may send; 0 (the default) lets the percentile budgets decide. */
  int maxRequests() default 0;

  /** False to measure exactly {@code requests}, whatever the budgets would need to be decided. */
  boolean adaptive() default true;
}
