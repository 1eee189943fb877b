package dev.llmh.resources;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The GPUs over one phase, from one long-running {@code nvidia-smi -lms} per phase rather than one
 * process per sample (starting nvidia-smi costs far more than a reading). Its lines are read on a
 * daemon thread; each tick (one line per GPU) is one reading, stamped with the time its first line
 * arrived. A process that ends early or prints something other than the readings asked for makes
 * the phase not measured, with what it said: a partial or misread series would pass for a
 * measurement. These are the whole machine's GPUs; told which processes serve, it polls which of
 * them hold which GPU beside the readings ({@link ComputeApps}) and records the server's share
 * ({@link GpuAttribution}), which budgets and energy rest on.
 */
public final class GpuSampler {
  static final String QUERY = "index,name,memory.used,memory.total,utilization.gpu,power.draw";
  private static final int FIELDS = 6;

  private final Path executable;
  private final String notMeasured;
  private final Duration interval;
  /** Which processes hold the GPUs, polled beside the readings; null when the server's device is known. */
  private final ComputeApps apps;
  /** The server's share when it is known without asking (a CPU-only server); null otherwise. */
  private final GpuServerShare knownShare;
  private final List<List<Number>> series = new ArrayList<>();
  private final List<List<Number>> pending = new ArrayList<>();
  private final Map<Integer, String> names = new LinkedHashMap<>();
  private final Map<Integer, Long> memoryTotals = new LinkedHashMap<>();
  private int gpusPerReading = -1;
  private int readings;
  private long startNanos;
  private long pendingMs;
  private String failure;
  private boolean stopping;
  private Process process;
  private Thread reader;

  private GpuSampler(Path executable, String notMeasured, Duration interval, ComputeApps apps, GpuServerShare knownShare) {
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("sampling interval must be above zero, was " + interval);
    }
    this.executable = executable;
    this.notMeasured = notMeasured;
    this.interval = interval;
    this.apps = apps;
    this.knownShare = knownShare;
  }

  /** A sampler running {@code executable}, not told which processes serve; not started yet. */
  public static GpuSampler of(Path executable, Duration interval) {
    return new GpuSampler(executable, null, interval, null, null);
  }

  /**
   * Sampling by the nvidia-smi found on {@code path} (a PATH value) of a server whose processes are
   * {@code serverPids} (asked at every poll, so that a worker it starts late counts): the machine's
   * GPUs, and the server's share of them from {@code --query-compute-apps}.
   */
  public static GpuSampler forServer(String path, Duration interval, Supplier<Set<Long>> serverPids) {
    return NvidiaSmi.find(path).map(p -> new GpuSampler(p, null, interval, new ComputeApps(p, serverPids, interval), null))
        .orElseGet(() -> none("no nvidia-smi on the PATH", interval));
  }

  /**
   * Sampling by the nvidia-smi found on {@code path} beside a server known to compute on the CPU,
   * {@code basis} saying how that is known: the GPUs are context, none of their draw the server's.
   */
  public static GpuSampler cpuServer(String path, Duration interval, String basis) {
    return NvidiaSmi.find(path).map(p -> new GpuSampler(p, null, interval, null, GpuServerShare.cpu(basis, null)))
        .orElseGet(() -> none("no nvidia-smi on the PATH", interval));
  }

  /** Sampling by the nvidia-smi found on {@code path} (a PATH value), or why there is none. */
  public static GpuSampler onPath(String path, Duration interval) {
    Optional<Path> found = NvidiaSmi.find(path);
    return found.map(p -> of(p, interval)).orElseGet(() -> none("no nvidia-smi on the PATH", interval));
  }

  /** Nothing to sample, and why. */
  public static GpuSampler none(String reason, Duration interval) {
    return new GpuSampler(null, reason, interval, null, null);
  }

  /** The command line of the one process a phase runs. */
  List<String> command() {
    return List.of(executable.toString(), "--query-gpu=" + QUERY, "--format=csv,noheader,nounits",
        "-lms", Long.toString(interval.toMillis()));
  }

  /** Starts nvidia-smi; readings are stamped from {@code startNanos} (a {@link System#nanoTime()}). */
  public synchronized GpuSampler start(long startNanos) {
    this.startNanos = startNanos;
    if (executable == null) {
      return this;
    }
    try {
      // Its error messages come on either stream; merged, the first line that is no reading is the reason.
      process = new ProcessBuilder(command()).redirectErrorStream(true).start();
    } catch (IOException e) {
      failure = executable + " could not be started: " + e.getMessage();
      return this;
    }
    try {
      process.getOutputStream().close();
    } catch (IOException ignored) {
      // nvidia-smi reads nothing from it
    }
    reader = new Thread(this::read, "llmh-gpu");
    reader.setDaemon(true);
    // Reading must not compete with the client threads whose timing is being measured.
    reader.setPriority(Thread.MIN_PRIORITY);
    reader.start();
    if (apps != null) {
      apps.start(startNanos);
    }
    return this;
  }

  private void read() {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (!accept(line, System.nanoTime())) {
          process.descendants().forEach(ProcessHandle::destroy);
          process.destroy();
          return;
        }
      }
    } catch (IOException e) {
      synchronized (this) {
        if (!stopping && failure == null) {
          failure = "reading nvidia-smi's output failed: " + e.getMessage();
        }
      }
      return;
    }
    ended();
  }

  /** Its output ended: before {@link #stop()}, the phase is not covered. */
  private void ended() {
    Integer status = null;
    try {
      if (process.waitFor(2, TimeUnit.SECONDS)) {
        status = process.exitValue();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      if (!stopping && failure == null) {
        failure = "nvidia-smi ended" + (status == null ? "" : " with status " + status) + " before the phase did, after "
            + (readings + (pending.isEmpty() ? 0 : 1)) + " readings";
      }
    }
  }

  /** One line of output; false when it is not a reading. */
  private synchronized boolean accept(String line, long nowNanos) {
    if (line.isBlank() || stopping) {
      return true;
    }
    String[] f = NvidiaSmi.fields(line, FIELDS);
    List<Number> row;
    try {
      if (f == null) {
        throw new NumberFormatException();
      }
      int index = Integer.parseInt(f[0]);
      Double memoryTotal = NvidiaSmi.number(f[3]);
      if (!pending.isEmpty() && pending.stream().anyMatch(r -> r.get(1).intValue() == index)) {
        flush(); // a GPU seen again: the tick before was every GPU, which it was not known to be
      }
      if (pending.isEmpty()) {
        pendingMs = TimeUnit.NANOSECONDS.toMillis(nowNanos - startNanos);
      }
      row = Arrays.asList(pendingMs, index, NvidiaSmi.bytes(NvidiaSmi.number(f[2])), NvidiaSmi.number(f[4]),
          NvidiaSmi.number(f[5]));
      names.put(index, f[1]);
      if (memoryTotal != null) {
        memoryTotals.put(index, NvidiaSmi.bytes(memoryTotal));
      }
    } catch (NumberFormatException e) {
      if (failure == null) {
        failure = "nvidia-smi printed \"" + line.strip() + "\" rather than " + QUERY;
      }
      return false;
    }
    pending.add(row);
    if (pending.size() == gpusPerReading) {
      flush();
    }
    return true;
  }

  private void flush() {
    gpusPerReading = Math.max(gpusPerReading, pending.size());
    series.addAll(pending);
    pending.clear();
    readings++;
  }

  /**
   * The readings so far and their summary; sampling goes on. A first reading still arriving counts
   * once it has begun, since the number of GPUs is not known before a second.
   */
  public synchronized GpuResources snapshot() {
    long intervalMs = interval.toMillis();
    if (executable == null) {
      return GpuResources.notMeasured(NvidiaSmi.NAME, intervalMs, notMeasured);
    }
    if (failure != null) {
      return GpuResources.notMeasured(NvidiaSmi.NAME, intervalMs, failure);
    }
    List<List<Number>> rows = new ArrayList<>(series);
    int count = readings;
    if (gpusPerReading < 0 && !pending.isEmpty()) {
      rows.addAll(pending);
      count++;
    }
    if (rows.isEmpty()) {
      return GpuResources.notMeasured(NvidiaSmi.NAME, intervalMs, "nvidia-smi gave no reading within the phase");
    }
    GpuResources machine = new GpuResources(NvidiaSmi.NAME, intervalMs, count, summaries(rows), rows, null, null);
    return machine.withServer(share(machine));
  }

  private GpuServerShare share(GpuResources machine) {
    if (apps == null) {
      return knownShare;
    }
    List<ComputeApps.Poll> polls = apps.polls();
    return polls == null ? GpuServerShare.unknown(apps.failure()) : GpuAttribution.of(machine, polls);
  }

  private List<GpuResources.Gpu> summaries(List<List<Number>> rows) {
    List<GpuResources.Gpu> gpus = new ArrayList<>();
    for (Map.Entry<Integer, String> gpu : names.entrySet()) {
      List<List<Number>> own = rows.stream().filter(r -> r.get(1).intValue() == gpu.getKey()).toList();
      Long peak = own.stream().map(r -> r.get(GpuResources.MEMORY_BYTES)).filter(v -> v != null)
          .map(Number::longValue).max(Long::compare).orElse(null);
      gpus.add(new GpuResources.Gpu(gpu.getKey(), gpu.getValue(), memoryTotals.get(gpu.getKey()), peak, mean(own, GpuResources.UTILIZATION_PERCENT),
          mean(own, GpuResources.POWER_WATTS)));
    }
    return gpus;
  }

  /** The mean of the column's reported values, null when none was. */
  private static Double mean(List<List<Number>> rows, int column) {
    double[] values = rows.stream().map(r -> r.get(column)).filter(v -> v != null).mapToDouble(Number::doubleValue).toArray();
    return values.length == 0 ? null : Math.round(Arrays.stream(values).average().orElseThrow() * 100) / 100.0;
  }

  /** Stops nvidia-smi (and anything it started) and summarises the phase. */
  public GpuResources stop() {
    GpuResources result;
    synchronized (this) {
      result = snapshot();
      stopping = true;
    }
    if (apps != null) {
      apps.stop();
    }
    if (process != null) {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
      try {
        if (!process.waitFor(2, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
        reader.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return result;
  }
}
