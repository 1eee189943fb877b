package dev.llmh.resources;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The serving process's share of the GPUs, from the machine's readings and the compute-app polls of
 * the same phase. The rule: the server's GPUs are those a server process appears on in any poll; a
 * reading is governed by the latest poll at or before it (the first poll for readings before it);
 * the server's memory at a reading is its processes' memory in that poll; its power is the sum of its
 * GPUs' draw, charged only when that poll shows no other process on any of them. nvidia-smi has no
 * per-process power, so a shared GPU's draw is never split by a guess: the power is not measured for
 * the phase, with the other process named. Pure.
 */
final class GpuAttribution {
  private GpuAttribution() {}

  static GpuServerShare of(GpuResources machine, List<ComputeApps.Poll> polls) {
    if (polls.isEmpty()) {
      return GpuServerShare.unknown("nvidia-smi --query-compute-apps gave no answer within the phase");
    }
    TreeSet<Integer> gpus = new TreeSet<>();
    polls.forEach(p -> p.apps().stream().filter(ComputeApps.App::server).forEach(a -> gpus.add(a.gpu())));
    if (gpus.isEmpty()) {
      return GpuServerShare.cpu("no process of the server in nvidia-smi --query-compute-apps, " + polls.size()
          + (polls.size() == 1 ? " poll" : " polls"), 0L);
    }
    List<List<Number>> series = new ArrayList<>();
    String shared = null;
    int i = 0;
    List<List<Number>> rows = machine.series();
    while (i < rows.size()) {
      Number t = rows.get(i).get(0);
      ComputeApps.Poll poll = governing(polls, t.longValue());
      Double power = 0.0;
      for (; i < rows.size() && rows.get(i).get(0).equals(t); i++) {
        List<Number> row = rows.get(i);
        if (gpus.contains(row.get(1).intValue())) {
          Number watts = row.get(GpuResources.POWER_WATTS);
          power = power == null || watts == null ? null : power + watts.doubleValue();
        }
      }
      String other = other(poll, gpus);
      if (other != null) {
        shared = shared != null ? shared : other + " at " + t + " ms";
        power = null;
      }
      series.add(Arrays.asList(t, memory(poll), power));
    }
    return share(gpus, polls, series, shared);
  }

  private static GpuServerShare share(TreeSet<Integer> gpus, List<ComputeApps.Poll> polls, List<List<Number>> series, String shared) {
    ComputeApps.App first = polls.stream().flatMap(p -> p.apps().stream()).filter(ComputeApps.App::server).findFirst().orElseThrow();
    String basis = "pid " + first.pid() + " on GPU " + first.gpu() + " in nvidia-smi --query-compute-apps";
    Long peak = series.stream().map(r -> r.get(GpuServerShare.MEMORY_BYTES)).filter(v -> v != null)
        .map(Number::longValue).max(Long::compare).orElse(null);
    double[] watts = series.stream().map(r -> r.get(GpuServerShare.POWER_WATTS)).filter(v -> v != null)
        .mapToDouble(Number::doubleValue).toArray();
    String notMeasured = null;
    if (shared != null) {
      notMeasured = shared + ": nvidia-smi gives no per-process power, so a shared GPU's draw is not charged to the server";
    } else if (series.isEmpty() || watts.length < series.size()) {
      notMeasured = "GPU " + gpus + " did not report its power draw ([N/A]) in every reading";
    }
    Double mean = notMeasured != null ? null : Math.round(Arrays.stream(watts).average().orElseThrow() * 100) / 100.0;
    return new GpuServerShare(GpuServerShare.GPU, basis, List.copyOf(gpus), peak, mean, notMeasured, series, processes(polls));
  }

  /** {@code [pid, gpu, peak_memory_bytes]} of each server process on a GPU over the polls, by pid and GPU. */
  private static List<List<Number>> processes(List<ComputeApps.Poll> polls) {
    java.util.Map<List<Number>, Long> peaks = new java.util.TreeMap<>(
        java.util.Comparator.<List<Number>>comparingLong(k -> k.get(0).longValue()).thenComparingInt(k -> k.get(1).intValue()));
    java.util.Set<List<Number>> unreported = new java.util.HashSet<>();
    polls.forEach(p -> p.apps().stream().filter(ComputeApps.App::server).forEach(a -> {
      List<Number> key = List.of(a.pid(), a.gpu());
      if (a.usedBytes() == null) {
        unreported.add(key);
      }
      peaks.merge(key, a.usedBytes() == null ? 0L : a.usedBytes(), Math::max);
    }));
    List<List<Number>> rows = new ArrayList<>();
    peaks.forEach((key, peak) -> rows.add(Arrays.asList(key.get(0), key.get(1), unreported.contains(key) ? null : peak)));
    return rows;
  }

  /** The latest poll at or before {@code tMs}, else the first. */
  private static ComputeApps.Poll governing(List<ComputeApps.Poll> polls, long tMs) {
    ComputeApps.Poll chosen = polls.get(0);
    for (ComputeApps.Poll p : polls) {
      if (p.tMs() <= tMs) {
        chosen = p;
      }
    }
    return chosen;
  }

  /** The server processes' GPU memory in {@code poll}, null when one of them did not report it. */
  private static Long memory(ComputeApps.Poll poll) {
    long sum = 0;
    for (ComputeApps.App a : poll.apps()) {
      if (a.server()) {
        if (a.usedBytes() == null) {
          return null;
        }
        sum += a.usedBytes();
      }
    }
    return sum;
  }

  /** {@code GPU 0 was also used by pid 999 (poll at 1000 ms)}, or null when none of {@code gpus} is shared. */
  private static String other(ComputeApps.Poll poll, TreeSet<Integer> gpus) {
    return poll.apps().stream().filter(a -> !a.server() && gpus.contains(a.gpu())).findFirst()
        .map(a -> String.format(Locale.ROOT, "GPU %d was also used by pid %d (poll at %d ms), a process not the server's",
            a.gpu(), a.pid(), poll.tMs()))
        .orElse(null);
  }
}
