package dev.llmh.runner;

import dev.llmh.annotations.Arrivals;
import java.util.List;

/**
 * {@code @Load} as declared, validated by the processor: open-loop arrivals instead of a closed loop.
 *
 * @param rates the rates as written ({@code "4/s"}), one case each
 * @param duration how long to send ({@code "60s"}), or null to send {@code @Measurement(requests)} arrivals
 * @param maxInFlight the most requests in flight at once, 0 for unbounded
 */
public record LoadDeclaration(
    List<String> rates, Arrivals arrivals, double burstiness, String duration, int maxInFlight, long seed) {

  public LoadDeclaration {
    rates = List.copyOf(rates);
    duration = duration == null || duration.isBlank() ? null : duration;
  }
}
