package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Open-loop load: requests are sent at scheduled times whether or not earlier ones have been
 * answered, as production traffic arrives, so server queueing shows in the latencies instead of
 * slowing the client down. Each rate is its own case ({@code params.rate}); the measurement stops
 * after {@code @Measurement(requests)} arrivals, or at the end of {@link #duration()} when one is given.
 * The alternative to {@link Concurrency} (closed loop, the default): an element declares one or the other.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Load {
  /** Request rates, one case each: {@code "4/s"}, {@code "240/min"}, {@code "0.5/s"}. */
  String[] rate();

  Arrivals arrivals() default Arrivals.POISSON;

  /** The gamma shape of {@link Arrivals#GAMMA}; the other kinds take none (leave it at 1). */
  double burstiness() default 1.0;

  /** How long to send, e.g. {@code "60s"}: every arrival scheduled within it; empty to count requests instead. */
  String duration() default "";

  /** The most requests in flight at once (0: unbounded); waiting for a free one is counted as queueing. */
  int maxInFlight() default 0;

  /** Seeds the arrival times: the same seed gives the same schedule. */
  long seed() default 42;
}
