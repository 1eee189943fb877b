package dev.llmh.resources;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * A case's resource sampling, warm-up and measurement apart: the warm-up's includes loading the
 * model and first allocations, which would blur the measurement's mean. Without a process to
 * sample, both phases are recorded as not measured with the reason. The GPUs are sampled beside the
 * process in both phases, the energy over the measurement only.
 */
public final class PhaseSampling implements AutoCloseable {
  private final Supplier<ProcessSampler> sampler;
  private final String source;
  private final String notMeasured;
  private final Duration interval;
  private final Supplier<GpuSampler> gpus;
  private final Supplier<EnergyMeter> energy;
  /** The server's pids at each call (for which GPUs it holds); null without a process to sample. */
  private final Supplier<java.util.Set<Long>> serverPids;
  private ProcessSampler running;
  private GpuSampler gpuRunning;
  private EnergyMeter meter;
  private Thread energyReads;
  private Resources warmup;

  private PhaseSampling(Supplier<ProcessSampler> sampler, Supplier<java.util.Set<Long>> serverPids, String source,
      String notMeasured, Duration interval, Supplier<GpuSampler> gpus, Supplier<EnergyMeter> energy) {
    this.sampler = sampler;
    this.serverPids = serverPids;
    this.source = source;
    this.notMeasured = notMeasured;
    this.interval = interval;
    this.gpus = gpus;
    this.energy = energy;
  }

  /** Sampling of {@code pid} and its children. */
  public static PhaseSampling of(long pid, Duration interval) {
    return new PhaseSampling(() -> ProcessSampler.of(pid, interval), ProcessTree.pidsOf(pid), null, null, interval, null, null);
  }

  /** Sampling of every process named {@code name} and their children, summed. */
  public static PhaseSampling named(String name, Duration interval) {
    return new PhaseSampling(() -> ProcessSampler.named(name, interval), ProcessTree.pidsNamed(name), null, null, interval, null,
        null);
  }

  /** No process to sample for {@code source}, and why. */
  public static PhaseSampling none(String source, Duration interval, String reason) {
    return new PhaseSampling(null, null, source, reason, interval, null, null);
  }

  /** The same, with each phase's GPUs from {@code gpus} and the measurement's energy from {@code energy}. */
  public PhaseSampling withHardware(Supplier<GpuSampler> gpus, Supplier<EnergyMeter> energy) {
    return new PhaseSampling(sampler, serverPids, source, notMeasured, interval, gpus, energy);
  }

  /**
   * The same for a server on this machine: the GPUs by the nvidia-smi on {@code path} (a PATH
   * value), with the share the server's processes hold; its energy from the GPUs it holds, else
   * (holding none) RAPL, else {@code declaredWatts} ({@code llmh.power.watts}, or null).
   */
  public PhaseSampling onThisMachine(String path, Double declaredWatts) {
    if (serverPids == null) {
      throw new IllegalStateException("no server process to attribute the GPUs to");
    }
    return withHardware(() -> GpuSampler.forServer(path, interval, serverPids), () -> EnergyMeter.local(declaredWatts));
  }

  /** {@link #onThisMachine(String, Double)} by the nvidia-smi on this process's PATH. */
  public PhaseSampling onThisMachine(Double declaredWatts) {
    return onThisMachine(System.getenv("PATH"), declaredWatts);
  }

  /**
   * The same for a server known to compute on the CPU ({@code basis} says how it is known): the
   * GPUs as context only, the energy from RAPL, else {@code declaredWatts}.
   */
  public PhaseSampling onCpu(Double declaredWatts, String basis) {
    return withHardware(() -> GpuSampler.cpuServer(System.getenv("PATH"), interval, basis), () -> EnergyMeter.local(declaredWatts));
  }

  /** The warm-up begins. */
  public PhaseSampling warmingUp() {
    long start = System.nanoTime();
    if (sampler != null) {
      running = sampler.get().start();
    }
    if (gpus != null) {
      gpuRunning = gpus.get().start(start);
    }
    return this;
  }

  /** The warm-up is over and the measurement begins. */
  public void measuring() {
    GpuResources warmupGpus = gpuRunning == null ? null : gpuRunning.stop();
    long start = System.nanoTime();
    if (sampler != null) {
      warmup = running == null ? null : running.stop();
      running = sampler.get().start();
    } else {
      warmup = none();
    }
    if (gpus != null) {
      warmup = warmup == null ? null : warmup.with(warmupGpus, null);
      gpuRunning = gpus.get().start(start);
      meter = energy.get().start(start);
      energyReads = readEnergy(meter, interval);
    }
  }

  /** Reads the counters at the sampling interval, so that the counted requests' span can be cut out of the phase. */
  private static Thread readEnergy(EnergyMeter meter, Duration interval) {
    Thread reads = new Thread(() -> {
      try {
        while (!Thread.currentThread().isInterrupted()) {
          Thread.sleep(Math.max(1, interval.toMillis()));
          meter.sample(System.nanoTime());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "llmh-energy");
    reads.setDaemon(true);
    reads.setPriority(Thread.MIN_PRIORITY);
    reads.start();
    return reads;
  }

  /** The measurement's resources so far, with the warm-up's; the energy over the whole of it. */
  public Resources measured() {
    return measured(null);
  }

  /**
   * The measurement's resources so far, with the warm-up's; the energy over {@code span}, the
   * counted requests' own (null: the whole measurement so far).
   */
  public Resources measured(Span span) {
    GpuResources gpu = gpuRunning == null ? null : gpuRunning.snapshot();
    long now = System.nanoTime();
    Energy used = meter == null ? null
        : span == null ? meter.over(gpu, now) : meter.over(gpu, span.startNanos(), span.endNanos(), now);
    Resources resources = sampler == null ? none() : running.snapshot();
    if (gpus != null) {
      resources = resources.with(gpu, used);
    }
    return resources.withWarmup(warmup == null && sampler == null ? none() : warmup);
  }

  private Resources none() {
    return Resources.notMeasured(source, interval.toMillis(), notMeasured);
  }

  /** A span of the measurement, from {@code startNanos} to {@code endNanos} (both {@link System#nanoTime()}). */
  public record Span(long startNanos, long endNanos) {}

  @Override
  public void close() {
    if (energyReads != null) {
      energyReads.interrupt();
      energyReads = null;
    }
    if (running != null) {
      running.stop();
      running = null;
    }
    if (gpuRunning != null) {
      gpuRunning.stop();
      gpuRunning = null;
    }
  }
}
