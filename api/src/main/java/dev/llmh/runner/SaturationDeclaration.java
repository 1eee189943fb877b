package dev.llmh.runner;

import java.util.ArrayList;
import java.util.List;

/** {@code @SaturationSearch} as declared: the processor has checked 1 ≤ from ≤ to and minGain > 0. */
public record SaturationDeclaration(int from, int to, double minGain) {

  /** The concurrency of each step: {@code from}, doubled while it stays within {@code to}. */
  public List<Integer> concurrencySteps() {
    List<Integer> steps = new ArrayList<>();
    for (long level = from; level <= to; level *= 2) {
      steps.add((int) level);
    }
    return steps;
  }
}
