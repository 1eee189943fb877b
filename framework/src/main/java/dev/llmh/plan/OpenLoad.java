package dev.llmh.plan;

import dev.llmh.annotations.Arrivals;
import dev.llmh.config.Rate;
import java.time.Duration;

/**
 * A case's open-loop load ({@code @Load}) at one rate, resolved: a step of a rate sweep, which a
 * search can move with {@link #at(Rate)}.
 *
 * @param burstiness the gamma shape of {@code GAMMA} arrivals (1 for the others, which take none)
 * @param duration how long to send, or null to send the case's measured requests
 * @param maxInFlight the most requests in flight at once, 0 for unbounded
 */
public record OpenLoad(Rate rate, Arrivals arrivals, double burstiness, Duration duration, int maxInFlight, long seed) {

  /**
   * How many requests the case sends: every arrival within {@code duration} when there is one (the
   * count of the same draws the schedule will make), else {@code requests}.
   */
  public int arrivals(int requests) {
    return duration == null ? requests
        : ArrivalSchedule.within(arrivals, rate.perSecond(), burstiness, seed, duration).size();
  }

  /** The schedule of {@code count} arrivals this load sends. */
  public ArrivalSchedule schedule(int count) {
    return ArrivalSchedule.of(arrivals, rate.perSecond(), burstiness, seed, count);
  }

  /** The same load at another rate. */
  public OpenLoad at(Rate other) {
    return new OpenLoad(other, arrivals, burstiness, duration, maxInFlight, seed);
  }
}
