package dev.llmh.resources;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * The serving process's share of this machine's GPUs over one phase ({@code resources.gpu.server}):
 * the device it served from, the GPU memory its processes held and the GPU power charged to it.
 * nvidia-smi reports memory per process but power only per GPU, so a GPU's power is charged to the
 * server only while its processes are the only ones computing on that GPU; while another process
 * computes there too, the draw cannot be split and the power is not measured, with the reason.
 *
 * @param device {@link #GPU} when a server process held a GPU in the phase, {@link #CPU} when none
 *     did; null when it could not be told
 * @param basis how the device was told, e.g. {@code pid 4315 on GPU 0 in nvidia-smi --query-compute-apps}
 * @param gpuIndexes the GPUs a server process held
 * @param peakMemoryBytes the largest GPU memory the server's processes held together; 0 for a CPU
 *     server nvidia-smi lists no process of; null when not measured
 * @param meanPowerWatts the mean power of the server's GPUs; null when not measured
 * @param powerNotMeasured why there is no power figure (a CPU server, a GPU shared with another
 *     process), else null
 * @param series each reading of the server's GPUs as {@code [t_ms, memory_bytes, power_watts]}
 *     (memory from the latest process poll at or before it), power null where it could not be charged
 * @param processes each server process seen on a GPU as {@code [pid, gpu_index, peak_memory_bytes]}
 *     (peak null when nvidia-smi did not report its memory)
 */
public record GpuServerShare(
    String device,
    String basis,
    @JsonProperty("gpu_indexes") List<Integer> gpuIndexes,
    @JsonProperty("peak_memory_bytes") Long peakMemoryBytes,
    @JsonProperty("mean_power_watts") Double meanPowerWatts,
    @JsonProperty("power_notMeasured") @JsonInclude(JsonInclude.Include.NON_NULL) String powerNotMeasured,
    List<List<Number>> series,
    List<List<Number>> processes) {

  public static final String GPU = "gpu";
  public static final String CPU = "cpu";
  /** Column of {@link #series()} holding the server's GPU memory, in bytes. */
  public static final int MEMORY_BYTES = 1;
  /** Column of {@link #series()} holding the server's GPU power, in watts. */
  public static final int POWER_WATTS = 2;

  public GpuServerShare {
    gpuIndexes = gpuIndexes == null ? List.of() : List.copyOf(gpuIndexes);
    series = rows(series);
    processes = rows(processes);
  }

  // List.copyOf rejects nulls, and a figure nvidia-smi does not report is one
  private static List<List<Number>> rows(List<List<Number>> rows) {
    return rows == null ? List.of() : rows.stream().map(row -> java.util.Collections.unmodifiableList(new ArrayList<>(row))).toList();
  }

  /** A server that computes on the CPU, and how that is known; {@code memoryBytes} 0 when nvidia-smi showed it, else null. */
  public static GpuServerShare cpu(String basis, Long memoryBytes) {
    return new GpuServerShare(CPU, basis, List.of(), memoryBytes, null, "the server holds no GPU (" + basis + ")", List.of(), List.of());
  }

  /** Not told which device serves, and why. */
  public static GpuServerShare unknown(String reason) {
    return new GpuServerShare(null, reason, List.of(), null, null, reason, List.of(), List.of());
  }

  /** {@code [t_ms, value]} of each reading where {@code column} is known, in time order. */
  public double[][] readings(int column) {
    return series.stream().filter(r -> r.get(column) != null)
        .map(r -> new double[] {r.get(0).doubleValue(), r.get(column).doubleValue()}).toArray(double[][]::new);
  }
}
