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
 * budget FAILed; at which the server said it is full, on its own {@code /metrics}
 * ({@code llmh.server.metrics}): its KV cache reached {@code kvCacheLimit}, it preempted requests, or
 * the requests waiting in its queue grew over the step before; whose serving process reached
 * {@code memoryLimit}; with {@link Slo}, whose goodput fell; or whose aggregate output tok/s gained
 * less than {@code minGain} over the step before, on intervals. The steps past it are reported as
 * not run, saying why, and the search's record says which rule stopped it. A signal the server does
 * not give stops nothing. Replaces {@link Concurrency}: declaring both is an error.
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

  /**
   * Stop at the first step whose {@code server_kv_cache_usage.max} reached this share of the
   * server's KV cache, e.g. {@code "90%"}; {@code ""} never.
   */
  String kvCacheLimit() default Defaults.SATURATION_KV_CACHE_LIMIT;

  /** Stop at the first step during which the server preempted a request ({@code server_preemptions > 0}). */
  boolean stopOnPreemption() default true;

  /**
   * Stop at the first step whose requests waiting at the server ({@code server_requests_waiting},
   * the mean of the looks while requests were in flight) reached one and grew over the step before.
   */
  boolean stopOnWaitingGrowth() default true;

  /**
   * Stop at the first step whose serving process reached this much memory: its peak resident set
   * ({@code peak_rss}) or its share of the GPUs' memory, e.g. {@code "20GiB"}; {@code ""} never.
   */
  String memoryLimit() default "";
}
