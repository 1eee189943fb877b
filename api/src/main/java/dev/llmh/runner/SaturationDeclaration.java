package dev.llmh.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code @SaturationSearch} as declared: the processor has checked 1 ≤ from ≤ to, minGain > 0, and
 * that the limits read as a share and a size.
 *
 * @param kvCacheLimit the KV cache usage that stops the search, e.g. {@code 95%}; empty for none
 * @param memoryLimit the serving process's memory that stops the search, e.g. {@code 20GiB}; empty for none
 */
public record SaturationDeclaration(
    int from, int to, double minGain, String kvCacheLimit, boolean stopOnPreemption, boolean stopOnWaitingGrowth,
    String memoryLimit) {

  public SaturationDeclaration {
    kvCacheLimit = kvCacheLimit == null ? "" : kvCacheLimit.strip();
    memoryLimit = memoryLimit == null ? "" : memoryLimit.strip();
  }

  /** A search with every server signal at its default, as {@code @SaturationSearch(from, to, minGain)} declares it. */
  public static SaturationDeclaration of(int from, int to, double minGain) {
    return new SaturationDeclaration(from, to, minGain, dev.llmh.config.Defaults.SATURATION_KV_CACHE_LIMIT, true, true, "");
  }

  /** The concurrency of each step: {@code from}, doubled while it stays within {@code to}. */
  public List<Integer> concurrencySteps() {
    List<Integer> steps = new ArrayList<>();
    for (long level = from; level <= to; level *= 2) {
      steps.add((int) level);
    }
    return steps;
  }
}
