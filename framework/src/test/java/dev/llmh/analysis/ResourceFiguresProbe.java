package dev.llmh.analysis;

import dev.llmh.config.DeploymentFacts;
import dev.llmh.constraint.Metric;
import dev.llmh.resources.Resources;
import java.util.Arrays;

/** The GPU figures a budget would judge for sampled resources, for tests in other packages. */
public final class ResourceFiguresProbe {
  private ResourceFiguresProbe() {}

  private static ResourceFigures of(Resources r) {
    return ResourceFigures.of(new ResourceInputs(r, DeploymentFacts.NONE, null), null, 0, null);
  }

  /** {@code gpu_memory.max}, or NaN when not measured. */
  public static double gpuMemoryMax(Resources r) {
    double[] s = of(r).series().get(Metric.GPU_MEMORY);
    return s == null ? Double.NaN : Arrays.stream(s).max().orElseThrow();
  }

  /** {@code gpu_power.mean}, or NaN when not measured. */
  public static double gpuPowerMean(Resources r) {
    double[] s = of(r).series().get(Metric.GPU_POWER);
    return s == null ? Double.NaN : Arrays.stream(s).average().orElseThrow();
  }

  /** Why {@code gpu_power} is not measured, or null. */
  public static String gpuPowerReason(Resources r) {
    return of(r).notMeasured().get(Metric.GPU_POWER);
  }
}
