package dev.llmh.resources;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A second, independent reading of a process tree's CPU time over a window that contains a
 * sampler's, through the JDK's process handles rather than OSHI: what the sampler's figure is
 * judged against, instead of an assumption about how much of a core a busy machine gives a child.
 *
 * <p>Take it just before the sampler starts and {@link #stop} it just after the sampler stops. The
 * sampler's CPU window lies inside this one, so the two may differ by the clock-tick rounding of
 * both readings and, one way only, by what the tree spent in the part of this window the sampler
 * did not cover, which is measured: at most that wall time on every core.
 */
final class CpuWitness {
  /** {@code /proc} counts CPU time in ticks of USER_HZ, 100 a second on Linux. */
  private static final double TICK_MS = 10;

  private final List<Long> roots;
  private final long startNanos;
  private final double cpuMsBefore;
  private final int processes;

  private CpuWitness(List<Long> roots) {
    this.roots = roots;
    this.processes = pids(roots).size();
    this.cpuMsBefore = cpuMs(roots);
    this.startNanos = System.nanoTime();
  }

  /** Reads the CPU time of {@code roots} and their descendants now. */
  static CpuWitness start(Long... roots) {
    return new CpuWitness(List.of(roots));
  }

  /** The tree's CPU time since {@link #start}, and this window's wall time. */
  Reading stop() {
    long wallNanos = System.nanoTime() - startNanos;
    return new Reading(cpuMs(roots) - cpuMsBefore, cpuMsBefore, wallNanos / 1e6, Math.max(processes, pids(roots).size()));
  }

  /**
   * The witness's figures.
   *
   * @param cpuMs the tree's CPU time over the window
   * @param cpuMsBefore the tree's CPU time before the window: what a sampler that counted a process's
   *     past would add
   * @param wallMs the window's wall time
   * @param processes the most processes the tree had at either end
   */
  record Reading(double cpuMs, double cpuMsBefore, double wallMs, int processes) {
    /**
     * Why the sampler's figure disagrees with this reading, or null when it does not. The sampler's
     * CPU time is its mean CPU % over the wall time of its last sample. It may exceed this reading
     * by the tick rounding of both (under two ticks each per process, user and kernel time apart)
     * and fall short of it by that plus what the tree could spend, on every core, in the wall time
     * this window has beyond the sampler's. That tolerance must stay below {@code errorMs}, the
     * smallest error the comparison exists to catch, else this machine was too noisy to tell.
     */
    String disagreement(Resources sampler, double errorMs) {
      return disagreement(sampler, errorMs, false);
    }

    /**
     * As {@link #disagreement(Resources, double)}, for an error that can only lift the sampler's
     * figure (a process's past CPU counted): the tolerance that must stay below {@code errorMs} is
     * the one above the reading, the rounding alone, since the window's uncovered wall time can only
     * leave the sampler short.
     */
    String excess(Resources sampler, double errorMs) {
      return disagreement(sampler, errorMs, true);
    }

    private String disagreement(Resources sampler, double errorMs, boolean onlyAbove) {
      List<Number> last = sampler.series().get(sampler.series().size() - 1);
      double samplerWallMs = last.get(0).doubleValue();
      // The mean is rounded to 0.1 %, the last sample's time truncated to the ms.
      double samplerCpuMs = sampler.meanCpuPercent() / 100 * samplerWallMs;
      double rounding = 4 * TICK_MS * processes + 0.0005 * samplerWallMs + sampler.meanCpuPercent() / 100;
      double uncovered = Math.max(0, wallMs - samplerWallMs) * Runtime.getRuntime().availableProcessors();
      String figures = String.format(Locale.ROOT,
          "sampler %.0f ms CPU over %.0f ms, witness %.0f ms CPU over %.0f ms (%d processes), tolerance +%.0f/-%.0f ms",
          samplerCpuMs, samplerWallMs, cpuMs, wallMs, processes, rounding, rounding + uncovered);
      if (!((onlyAbove ? rounding : rounding + uncovered) < errorMs)) {
        return figures + ": too noisy to catch an error of " + Math.round(errorMs) + " ms";
      }
      if (samplerCpuMs > cpuMs + rounding || samplerCpuMs < cpuMs - rounding - uncovered) {
        return figures + ": the sampler's CPU time is not the witness's";
      }
      return null;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "witness: %.0f ms CPU over %.0f ms = %.1f%%", cpuMs, wallMs, 100 * cpuMs / wallMs);
    }
  }

  private static List<ProcessHandle> pids(List<Long> roots) {
    List<ProcessHandle> all = new ArrayList<>();
    for (long root : roots) {
      ProcessHandle.of(root).ifPresent(h -> {
        all.add(h);
        h.descendants().forEach(all::add);
      });
    }
    return all;
  }

  private static double cpuMs(List<Long> roots) {
    double ms = 0;
    for (ProcessHandle h : pids(roots)) {
      ms += h.info().totalCpuDuration().map(Duration::toNanos).orElseThrow(
          () -> new IllegalStateException("no CPU time for process " + h.pid())) / 1e6;
    }
    return ms;
  }
}
