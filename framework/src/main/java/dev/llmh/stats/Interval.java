package dev.llmh.stats;

import java.util.Arrays;
import java.util.List;

/** A confidence interval; an end is null when the sample cannot bound it. */
public record Interval(Double lower, Double upper) {
  public static final Interval NONE = new Interval(null, null);

  /** {@code [lo, hi]} as the results file writes it, nulls kept. */
  public List<Double> asList() {
    return Arrays.asList(lower, upper);
  }
}
