package dev.llmh.resources;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.ArrayList;
import java.util.List;

/**
 * The GPUs over one phase, as {@code nvidia-smi} reports them every {@code intervalMs}: memory used,
 * utilisation and power draw of each.
 *
 * @param source what reported them, e.g. {@code nvidia-smi}
 * @param gpus each GPU's summary over the phase, by index
 * @param series each GPU's sample as {@code [t_ms, gpu_index, memory_used_bytes, utilization_percent,
 *     power_watts]}; the rows of one reading (every GPU) share their {@code t_ms}, and a field the GPU
 *     does not report ({@code [N/A]}) is null
 * @param notMeasured why there is no figure (no nvidia-smi on the PATH, a remote endpoint), else null
 * @param server the serving process's share of them (which of them it holds, its memory and the power
 *     charged to it), the figures above being the whole machine's, given as context; null in a record
 *     that was never told which processes serve
 */
public record GpuResources(
    String source,
    @JsonProperty("interval_ms") long intervalMs,
    int samples,
    List<Gpu> gpus,
    List<List<Number>> series,
    @JsonProperty("notMeasured") @JsonInclude(JsonInclude.Include.NON_NULL) String notMeasured,
    @JsonInclude(JsonInclude.Include.NON_NULL) GpuServerShare server) {

  /** Column of {@link #series()} holding the memory used, in bytes. */
  public static final int MEMORY_BYTES = 2;
  /** Column of {@link #series()} holding the utilisation, in %. */
  public static final int UTILIZATION_PERCENT = 3;
  /** Column of {@link #series()} holding the power draw, in watts. */
  public static final int POWER_WATTS = 4;

  public GpuResources {
    gpus = gpus == null ? List.of() : List.copyOf(gpus);
    // List.copyOf rejects nulls, and a field a GPU does not report is one
    series = series == null ? List.of()
        : series.stream().map(row -> java.util.Collections.unmodifiableList(new ArrayList<>(row))).toList();
  }

  /** These GPUs with the serving process's share of them. */
  public GpuResources withServer(GpuServerShare share) {
    return new GpuResources(source, intervalMs, samples, gpus, series, notMeasured, share);
  }

  /** One GPU over the phase; a figure it never reported is null. */
  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  public record Gpu(
      int index,
      String name,
      Long memoryTotalBytes,
      Long peakMemoryBytes,
      Double meanUtilizationPercent,
      Double meanPowerWatts) {}

  /** Nothing sampled, and why. */
  public static GpuResources notMeasured(String source, long intervalMs, String reason) {
    return new GpuResources(source, intervalMs, 0, List.of(), List.of(), reason, null);
  }

  /**
   * Column {@code column} summed over the GPUs of each reading, in time order: every GPU's memory
   * together, say. A reading in which a GPU did not report the field is left out rather than
   * summed short.
   */
  public double[] totals(int column) {
    return java.util.Arrays.stream(readings(column)).mapToDouble(r -> r[1]).toArray();
  }

  /**
   * As {@link #totals(int)}, each with its reading's time: {@code [t_ms, total]} rows, in time order;
   * what power is integrated over.
   */
  public double[][] readings(int column) {
    List<double[]> totals = new ArrayList<>();
    int i = 0;
    while (i < series.size()) {
      Number t = series.get(i).get(0);
      double sum = 0;
      boolean known = true;
      for (; i < series.size() && series.get(i).get(0).equals(t); i++) {
        Number value = series.get(i).get(column);
        known &= value != null;
        sum += value == null ? 0 : value.doubleValue();
      }
      if (known) {
        totals.add(new double[] {t.doubleValue(), sum});
      }
    }
    return totals.toArray(double[][]::new);
  }
}
