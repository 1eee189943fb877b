package dev.llmh.analysis;

import dev.llmh.config.DeploymentFacts;
import dev.llmh.constraint.Metric;
import dev.llmh.resources.BandwidthCheck;
import dev.llmh.resources.CostRecord;
import dev.llmh.resources.GpuResources;
import dev.llmh.resources.GpuServerShare;
import dev.llmh.resources.PhysicsRecord;
import dev.llmh.resources.Resources;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of the serving hardware over a case's measured phase: sampled from its process and
 * GPUs ({@code peak_rss}, {@code cpu}, {@code gpu_memory}, {@code gpu_power}) or computed from them
 * and the declared facts ({@code energy_per_token}, {@code cost_per_mtok}). Each metric has a value
 * or the reason it has none; never a zero standing in for "not measured".
 *
 * @param figures per-case values in canonical units
 * @param series values sampled over time, in canonical units, in time order
 * @param notMeasured why each resource metric without a value has none
 * @param cost the cost per million tokens and what it rests on, or why not measured
 * @param physics the median decode rate per stream against the memory bandwidth, or null when not checked
 */
public record ResourceFigures(
    Map<Metric, Double> figures, Map<Metric, double[]> series, Map<Metric, String> notMeasured, CostRecord cost,
    PhysicsRecord physics) {

  public ResourceFigures {
    figures = copy(figures);
    series = copy(series);
    notMeasured = copy(notMeasured);
  }

  /** Nothing sampled (a case that measured nothing), and why. */
  public static ResourceFigures none(String reason) {
    Map<Metric, String> reasons = new EnumMap<>(Metric.class);
    for (Metric metric : Metric.values()) {
      if (metric.resource()) {
        reasons.put(metric, reason);
      }
    }
    return new ResourceFigures(Map.of(), Map.of(), reasons, null, null);
  }

  /**
   * @param throughput the case's output tokens per second, or null when not measured
   * @param outputTokens the output tokens of the counted requests
   * @param decodeRate the median decode rate per request (one stream's), or null when not measured
   */
  public static ResourceFigures of(ResourceInputs inputs, Double throughput, long outputTokens, Double decodeRate) {
    Resources resources = inputs.resources();
    DeploymentFacts facts = inputs.deployment();
    Map<Metric, Double> figures = new EnumMap<>(Metric.class);
    Map<Metric, double[]> series = new EnumMap<>(Metric.class);
    Map<Metric, String> reasons = new EnumMap<>(Metric.class);
    if (resources == null) {
      return none("the serving process was not sampled");
    }
    String process = resources.notMeasured() != null ? resources.notMeasured() : "no sample of the serving process";
    put(figures, reasons, Metric.PEAK_RSS, resources.peakRssBytes() == null ? null : resources.peakRssBytes().doubleValue(), process);
    put(series, reasons, Metric.CPU, column(resources.series(), 2), process);

    gpuSeries(resources.gpu(), series, reasons);

    Double energyPerToken = CostPerMillionTokens.energyPerToken(resources.energy(), outputTokens);
    put(figures, reasons, Metric.ENERGY_PER_TOKEN, energyPerToken,
        resources.energy() == null ? "energy was not measured"
            : resources.energy().notMeasured() != null ? resources.energy().notMeasured() : "no output tokens in the measured phase");

    CostRecord cost = CostPerMillionTokens.of(facts, throughput, resources.energy(), outputTokens);
    put(figures, reasons, Metric.COST_PER_MTOK, cost.perMtok(), cost.notMeasured());
    PhysicsRecord physics = inputs.physics() == null ? null : BandwidthCheck.check(inputs.physics(), decodeRate);
    put(figures, reasons, Metric.BANDWIDTH_USE, physics == null ? null : physics.bandwidthUsePercent(),
        physics == null ? "the model's size and the memory bandwidth were not looked up" : physics.notMeasured());
    return new ResourceFigures(figures, series, reasons, cost, physics);
  }

  /**
   * {@code gpu_memory} and {@code gpu_power}: the serving process's share when the GPUs were told
   * which processes serve (the machine's totals are context, not the server's), else the totals.
   */
  private static void gpuSeries(GpuResources gpu, Map<Metric, double[]> series, Map<Metric, String> reasons) {
    String gpus = gpu == null ? "the GPUs were not sampled" : gpu.notMeasured() != null ? gpu.notMeasured() : null;
    GpuServerShare share = gpus == null ? gpu.server() : null;
    if (share != null) {
      double[] memory = share.peakMemoryBytes() != null && share.series().isEmpty() ? new double[] {share.peakMemoryBytes()}
          : column(share.series(), GpuServerShare.MEMORY_BYTES);
      put(series, reasons, Metric.GPU_MEMORY, memory, "the server's GPU memory is not known: " + share.basis());
      put(series, reasons, Metric.GPU_POWER, share.powerNotMeasured() != null ? null
          : column(share.series(), GpuServerShare.POWER_WATTS), "the server's GPU power: " + share.powerNotMeasured());
      return;
    }
    put(series, reasons, Metric.GPU_MEMORY, gpus != null ? null : gpu.totals(GpuResources.MEMORY_BYTES),
        gpus != null ? gpus : "no GPU reported its memory used");
    put(series, reasons, Metric.GPU_POWER, gpus != null ? null : gpu.totals(GpuResources.POWER_WATTS),
        gpus != null ? gpus : "no GPU reported its power draw");
  }

  private static <T> void put(Map<Metric, T> values, Map<Metric, String> reasons, Metric metric, T value, String reason) {
    boolean empty = value == null || value instanceof double[] d && d.length == 0;
    if (empty) {
      reasons.put(metric, reason);
    } else {
      values.put(metric, value);
    }
  }

  private static <T> Map<Metric, T> copy(Map<Metric, T> map) {
    Map<Metric, T> copy = new EnumMap<>(Metric.class);
    copy.putAll(map);
    return Collections.unmodifiableMap(copy);
  }

  private static double[] column(List<List<Number>> rows, int column) {
    return rows.stream().map(r -> r.get(column)).filter(v -> v != null).mapToDouble(Number::doubleValue).toArray();
  }
}
