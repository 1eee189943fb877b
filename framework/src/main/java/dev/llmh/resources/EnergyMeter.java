package dev.llmh.resources;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The energy over one phase, or a span of it (the counted requests'), from the device that serves:
 * the power of the GPUs the server's processes hold (see {@link GpuAttribution}), or for a server
 * holding none the CPU packages' RAPL counters; else a declared power × the span's duration,
 * recorded as declared. Why each better source was not used is kept, so that a declared or missing
 * figure says why.
 */
public final class EnergyMeter {
  private final Rapl rapl;
  private final String noRapl;
  private final Double declaredWatts;
  private long startNanos;
  private List<Rapl.Counter> raplStart;
  private List<Rapl.Counter> raplLast;
  private final List<double[]> raplSeries = new ArrayList<>();
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
  public synchronized EnergyMeter start(long startNanos) {
    this.startNanos = startNanos;
    if (rapl != null) {
      try {
        raplStart = rapl.read();
        raplLast = raplStart;
        raplSeries.add(new double[] {0, 0});
      } catch (IOException e) {
        raplFailure = e.getMessage();
      }
    }
    return this;
  }

  /**
   * Reads the counters at {@code nowNanos}, so that a span inside the phase can be told apart from
   * the whole of it: between two reads the energy is spread evenly over time. Called at the
   * sampling interval while the phase runs.
   */
  public synchronized void sample(long nowNanos) {
    if (raplLast == null || raplFailure != null) {
      return;
    }
    try {
      List<Rapl.Counter> now = rapl.read();
      double joules = raplSeries.get(raplSeries.size() - 1)[1] + Rapl.joules(raplLast, now);
      raplLast = now;
      raplSeries.add(new double[] {(nowNanos - startNanos) / 1e6, joules});
    } catch (IOException e) {
      raplFailure = e.getMessage();
    }
  }

  /** The energy from the phase's start to {@code nowNanos}, the GPUs' over the same span given. */
  public Energy over(GpuResources gpu, long nowNanos) {
    return over(gpu, startNanos, nowNanos, nowNanos);
  }

  /**
   * The energy over {@code [fromNanos, toNanos]}, a span of the phase (the counted requests' own),
   * read at {@code nowNanos}: a GPU's power and the CPU packages' counters are interpolated at the
   * span's edges, a declared power is charged for the span's duration.
   */
  public synchronized Energy over(GpuResources gpu, long fromNanos, long toNanos, long nowNanos) {
    double fromMs = (fromNanos - startNanos) / 1e6;
    double toMs = (Math.max(fromNanos, toNanos) - startNanos) / 1e6;
    long windowNanos = Math.max(0, toNanos - fromNanos);
    List<String> unavailable = new ArrayList<>();
    GpuServerShare share = gpu == null || gpu.notMeasured() != null ? null : gpu.server();
    if (gpu == null || gpu.notMeasured() != null) {
      unavailable.add("nvidia-smi: " + (gpu == null ? "not sampled" : gpu.notMeasured()));
    } else if (share != null) {
      // The device that serves: its GPUs' draw for a server on them, never the CPU package's in its place.
      if (GpuServerShare.GPU.equals(share.device()) && share.powerNotMeasured() == null) {
        return measured(Energy.NVIDIA_SMI, joules(share.readings(GpuServerShare.POWER_WATTS), fromMs, toMs), windowNanos);
      }
      unavailable.add("nvidia-smi: " + share.powerNotMeasured());
    } else {
      double[][] power = gpu.readings(GpuResources.POWER_WATTS);
      if (power.length > 0) {
        return measured(Energy.NVIDIA_SMI, joules(power, fromMs, toMs), windowNanos);
      }
      unavailable.add("nvidia-smi: no reading with every GPU's power draw ([N/A])");
    }
    if (share != null && !GpuServerShare.CPU.equals(share.device())) {
      unavailable.add("RAPL: not used for a server on a GPU (or on a device not known): the CPU package is not what generates");
    } else if (raplStart != null) {
      sample(nowNanos);
      if (raplFailure == null) {
        double[][] counted = raplSeries.toArray(double[][]::new);
        return measured(Energy.RAPL, at(counted, toMs) - at(counted, fromMs), windowNanos);
      }
      unavailable.add("RAPL: " + raplFailure);
    } else {
      unavailable.add("RAPL: " + (rapl == null ? noRapl : raplFailure));
    }
    double windowMs = windowNanos / 1e6;
    if (declaredWatts != null) {
      return new Energy(Energy.DECLARED, round(declaredWatts * windowMs / 1000), declaredWatts, Math.round(windowMs),
          null, null);
    }
    unavailable.add("llmh.power.watts: not declared");
    return Energy.notMeasured(String.join("; ", unavailable));
  }

  private static Energy measured(String source, double joules, long windowNanos) {
    Double meanWatts = windowNanos == 0 ? null : round(joules * 1e9 / windowNanos);
    return new Energy(source, round(joules), meanWatts, Math.round(windowNanos / 1e6), null, null);
  }

  /**
   * Joules of power readings {@code [t_ms, watts]} (in time order) over {@code [fromMs, toMs]}: the
   * trapezoid between readings, the power interpolated where an edge falls between two readings,
   * and the first and last readings held beyond them, since the phase began before the first
   * reading and ended after the last.
   */
  static double joules(double[][] readings, double fromMs, double toMs) {
    double millijoules = 0;
    double lastT = fromMs;
    double lastW = at(readings, fromMs);
    for (double[] r : readings) {
      if (r[0] > fromMs && r[0] < toMs) {
        millijoules += (lastW + r[1]) / 2 * (r[0] - lastT);
        lastT = r[0];
        lastW = r[1];
      }
    }
    millijoules += (lastW + at(readings, toMs)) / 2 * (toMs - lastT);
    return millijoules / 1000;
  }

  /**
   * The value of {@code [t, v]} points (in time order) at {@code t}: linear between them, held beyond
   * them. For the counters' cumulative joules, linear means the energy spread evenly between two reads.
   */
  static double at(double[][] points, double t) {
    if (t <= points[0][0]) {
      return points[0][1];
    }
    for (int i = 1; i < points.length; i++) {
      if (t <= points[i][0]) {
        double[] a = points[i - 1];
        double[] b = points[i];
        return b[0] == a[0] ? b[1] : a[1] + (b[1] - a[1]) * (t - a[0]) / (b[0] - a[0]);
      }
    }
    return points[points.length - 1][1];
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
