package dev.llmh.resources;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The memory a local server's weights sit in, and its bandwidth: a GPU's VRAM when one of the
 * server's processes holds a GPU ({@code nvidia-smi --query-compute-apps}), its bandwidth from the
 * GPU's model by {@link GpuBandwidth}'s table (summed over the GPUs it holds: no split of the weights
 * reads faster than all of them together, so the ceiling stays a ceiling); this machine's DRAM, as
 * the probe measured it, when it holds none or there is no NVIDIA GPU. On a machine with GPUs a
 * server whose processes are not named could sit in either, so there is no figure then.
 *
 * @param memory {@link #VRAM} or {@link #DRAM}; null when not known
 * @param bytesPerSecond the bandwidth, or null
 * @param source {@link PhysicsInputs#PROBE} or {@code gpu-table: <row> (GPU <index>)}; null when unknown
 * @param unknown why there is no bandwidth, else null
 */
public record ServingMemory(String memory, Double bytesPerSecond, String source, String unknown) {
  public static final String VRAM = "vram";
  public static final String DRAM = "dram";
  static final String TABLE = "gpu-table";
  private static final String DECLARE = "declare llmh.hardware.memoryBandwidth";

  /** The server's processes named by pid or by name (and their children) at each call; null when neither is given. */
  public static Supplier<Set<Long>> processes(Long pid, String name) {
    return pid != null ? ProcessTree.pidsOf(pid) : name != null ? ProcessTree.pidsNamed(name) : null;
  }

  /** This machine's DRAM: the probe's figure, or why there is none. */
  public static ServingMemory dram(Double probed, String probeFailure) {
    return probed != null ? new ServingMemory(DRAM, probed, PhysicsInputs.PROBE, null) : new ServingMemory(DRAM, null, null, probeFailure);
  }

  /**
   * A server on this machine whose processes are {@code serverPids} (null when not named), by the
   * nvidia-smi on {@code path} (a PATH value); {@code dram} for a server on the CPU.
   */
  public static ServingMemory local(String path, Supplier<Set<Long>> serverPids, ServingMemory dram) {
    Optional<Path> smi = NvidiaSmi.find(path);
    if (smi.isEmpty()) {
      return dram;
    }
    if (serverPids == null) {
      return new ServingMemory(null, null, null, "this machine has NVIDIA GPUs and the server's processes are not named"
          + " (llmh.server.pid or llmh.server.process), so whether its weights sit in VRAM or DRAM is not known: " + DECLARE);
    }
    Map<String, ComputeApps.Gpu> gpus;
    List<ComputeApps.App> apps;
    try {
      gpus = ComputeApps.gpus(smi.get());
      apps = ComputeApps.once(smi.get(), gpus, serverPids.get());
    } catch (IOException | RuntimeException e) {
      return new ServingMemory(null, null, null, "nvidia-smi could not tell which GPU the server holds (" + e.getMessage() + "): " + DECLARE);
    }
    TreeMap<Integer, String> held = new TreeMap<>();
    gpus.values().forEach(g -> {
      if (apps.stream().anyMatch(a -> a.server() && a.gpu() == g.index())) {
        held.put(g.index(), g.name());
      }
    });
    return held.isEmpty() ? dram : vram(held);
  }

  private static ServingMemory vram(TreeMap<Integer, String> held) {
    double sum = 0;
    StringBuilder rows = new StringBuilder();
    for (Map.Entry<Integer, String> gpu : held.entrySet()) {
      Optional<GpuBandwidth.Row> row = GpuBandwidth.of(gpu.getValue());
      if (row.isEmpty()) {
        return new ServingMemory(VRAM, null, null, "GPU " + gpu.getKey() + " (" + gpu.getValue()
            + ") holds the server's weights and is not in LLMH's GPU bandwidth table: " + DECLARE);
      }
      sum += row.get().gigabytesPerSecond() * 1e9;
      rows.append(rows.length() == 0 ? "" : ", ").append(row.get().model()).append(" (GPU ").append(gpu.getKey()).append(')');
    }
    return new ServingMemory(VRAM, sum, TABLE + ": " + rows, null);
  }
}
