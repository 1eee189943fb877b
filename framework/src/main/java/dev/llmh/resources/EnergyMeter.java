package dev.llmh.resources;

import dev.llmh.result.Energy;
import dev.llmh.result.GpuResources;
import dev.llmh.result.GpuServerShare;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The energy over one phase from the device that serves: the power of the GPUs the server's
 * processes hold (see {@link GpuAttribution}), or for a server holding none the CPU packages' RAPL
 * counters; else a declared power × the phase's duration, recorded as declared. Why each better
 * source was not used is kept, so that a declared or missing figure says why.
 */
public final class EnergyMeter {
  private final Rapl rapl;
  private final String noRapl;
  private final Double declaredWatts;
  private long startNanos;
  private List<Rapl.Counter> raplStart;
  private String raplFailure;

  private EnergyMeter(Rapl rapl, String noRapl, Double declaredWatts) {
    this.rapl = rapl;
    this.noRapl = noRapl;
    this.declaredWatts = declaredWatts;
  }

  /**
   * A server on this machine: RAPL under {@code powercap} ({@code /sys/class/powercap} but in tests),
   * then {@code declaredWatts} ({@code llmh.power.watts}, or null).
   */
  public static EnergyMeter local(Path powercap, Double declaredWatts) {
    return new EnergyMeter(new Rapl(powercap), null, declaredWatts);
  }

  /** A server on this machine: RAPL under {@code /sys/class/powercap}, then {@code declaredWatts}. */
  public static EnergyMeter local(Double declaredWatts) {
    return local(Rapl.POWERCAP, declaredWatts);
  }

  /** A server elsewhere: only a declared figure can say anything. */
  public static EnergyMeter remote(Double declaredWatts) {
    return new EnergyMeter(null, "remote endpoint: its CPUs are not on this machine", declaredWatts);
  }

  /** The phase begins at {@code startNanos} (a {@link System#nanoTime()}): the counters are read now. */
  public EnergyMeter start(long startNanos) {
    this.startNanos = startNanos;
    if (rapl != null) {
      try {
        raplStart = rapl.read();
      } catch (IOException e) {
        raplFailure = e.getMessage();
      }
    }
    return this;
  }

  /** The energy from the phase's start to {@code nowNanos}, the GPUs' over the same span given. */
  public Energy over(GpuResources gpu, long nowNanos) {
    long windowNanos = Math.max(0, nowNanos - startNanos);
    double windowMs = windowNanos / 1e6;
    List<String> unavailable = new ArrayList<>();
    GpuServerShare share = gpu == null || gpu.notMeasured() != null ? null : gpu.server();
    if (gpu == null || gpu.notMeasured() != null) {
      unavailable.add("nvidia-smi: " + (gpu == null ? "not sampled" : gpu.notMeasured()));
    } else if (share != null) {
      // The device that serves: its GPUs' draw for a server on them, never the CPU package's in its place.
      if (GpuServerShare.GPU.equals(share.device()) && share.powerNotMeasured() == null) {
        return measured(Energy.NVIDIA_SMI, joules(share.readings(GpuServerShare.POWER_WATTS), windowMs), windowNanos);
      }
      unavailable.add("nvidia-smi: " + share.powerNotMeasured());
    } else {
      double[][] power = gpu.readings(GpuResources.POWER_WATTS);
      if (power.length > 0) {
        return measured(Energy.NVIDIA_SMI, joules(power, windowMs), windowNanos);
      }
      unavailable.add("nvidia-smi: no reading with every GPU's power draw ([N/A])");
    }
    if (share != null && !GpuServerShare.CPU.equals(share.device())) {
      unavailable.add("RAPL: not used for a server on a GPU (or on a device not known): the CPU package is not what generates");
    } else if (raplStart != null) {
      try {
        return measured(Energy.RAPL, Rapl.joules(raplStart, rapl.read()), windowNanos);
      } catch (IOException e) {
        unavailable.add("RAPL: " + e.getMessage());
      }
    } else {
      unavailable.add("RAPL: " + (rapl == null ? noRapl : raplFailure));
    }
    if (declaredWatts != null) {
      return new Energy(Energy.DECLARED, round(declaredWatts * windowMs / 1000), declaredWatts, Math.round(windowMs), null);
    }
    unavailable.add("llmh.power.watts: not declared");
    return Energy.notMeasured(String.join("; ", unavailable));
  }

  private static Energy measured(String source, double joules, long windowNanos) {
    Double meanWatts = windowNanos == 0 ? null : round(joules * 1e9 / windowNanos);
    return new Energy(source, round(joules), meanWatts, Math.round(windowNanos / 1e6), null);
  }

  /**
   * Joules of power readings {@code [t_ms, watts]} (in time order) over {@code [0, windowMs]}: the
   * trapezoid between readings, and the first and last readings held back to the phase's start and on
   * to its end, since the phase began before the first reading and ended after the last.
   */
  static double joules(double[][] readings, double windowMs) {
    double millijoules = 0;
    double lastT = 0;
    double lastW = readings[0][1];
    for (double[] r : readings) {
      double t = Math.min(Math.max(r[0], 0), windowMs);
      millijoules += (lastW + r[1]) / 2 * (t - lastT);
      lastT = t;
      lastW = r[1];
    }
    millijoules += lastW * (windowMs - lastT);
    return millijoules / 1000;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
