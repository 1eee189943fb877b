package dev.llmh.resources;

import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * A process and its descendants (or every process of a name and theirs), read through OSHI: their
 * summed resident set and the CPU time they spent since the previous read. Descendants are looked up
 * through the JDK's process handles (OSHI's lookup builds a full process object for every descendant
 * and the root each time), and at most once every {@link #RESCAN_NANOS}, since the lookup reads every
 * process on the machine (docs/benchmarks.md, "The resource sampler's own cost", has the cost per
 * sample with its command): a worker a server starts late is followed from the next rescan. A process
 * seen before is refreshed in place.
 */
final class ProcessTree {
  private final OperatingSystem os;
  private final Supplier<List<Long>> roots;
  private final String label;
  /** CPU ms (user + kernel) of every process at the previous read, by pid. */
  private Map<Integer, Long> cpuMillis = new HashMap<>();
  /** The processes of the previous read, by pid, refreshed rather than rebuilt. */
  private Map<Integer, OSProcess> known = new HashMap<>();
  /** How often the roots and their descendants are looked up again. */
  static final long RESCAN_NANOS = 1_000_000_000L;
  /** The roots and descendants of the last lookup, and when it was. */
  private List<Integer> pids = List.of();
  private long scannedNanos;

  private ProcessTree(Supplier<List<Long>> roots, String label) {
    this.os = new SystemInfo().getOperatingSystem();
    this.roots = roots;
    this.label = label;
  }

  /** {@code pid} and its descendants. */
  static ProcessTree of(long pid) {
    return new ProcessTree(() -> List.of(pid), "process " + pid);
  }

  /**
   * Every process whose executable is named {@code name} and their descendants, found again at
   * every read: a server restarted during a run is still followed.
   */
  static ProcessTree named(String name) {
    return new ProcessTree(() -> roots(name), "no process named " + name);
  }

  private static List<Long> roots(String name) {
    return ProcessHandle.allProcesses()
        .filter(h -> h.info().command().map(c -> Path.of(c).getFileName().toString().equals(name)).orElse(false))
        .map(ProcessHandle::pid).toList();
  }

  /** The pids of {@code pid} and its descendants at each call: the server's processes, as a GPU lists them. */
  static Supplier<Set<Long>> pidsOf(long pid) {
    return () -> withDescendants(List.of(pid));
  }

  /** The pids of every process named {@code name} and their descendants at each call. */
  static Supplier<Set<Long>> pidsNamed(String name) {
    return () -> withDescendants(roots(name));
  }

  /** The roots still running and their descendants, each once. */
  private static Set<Long> withDescendants(List<Long> roots) {
    Set<Long> found = new LinkedHashSet<>();
    for (long rootPid : roots) {
      ProcessHandle.of(rootPid).ifPresent(h -> {
        found.add(rootPid);
        h.descendants().forEach(d -> found.add(d.pid()));
      });
    }
    return found;
  }

  /** What has ended when {@link #read()} returns null. */
  String label() {
    return label;
  }

  /**
   * One reading.
   *
   * @param rssBytes the tree's summed resident set
   * @param cpuMillis CPU time the tree spent since the previous read; a process first seen now counts
   *     nothing, since its earlier CPU time does not belong to the interval
   */
  record Reading(long rssBytes, long cpuMillis) {}

  /** The tree now, or null when no root process is left. */
  Reading read() {
    long now = System.nanoTime();
    if (pids.isEmpty() || now - scannedNanos >= RESCAN_NANOS) {
      pids = scan();
      scannedNanos = now;
    }
    Map<Integer, OSProcess> seen = new LinkedHashMap<>();
    for (int id : pids) {
      OSProcess p = process(id);
      if (p != null) {
        seen.put(id, p);
      }
    }
    if (seen.isEmpty() && !pids.isEmpty()) {
      pids = scan(); // every process of the last lookup ended: a restarted server is found again now
      scannedNanos = now;
      pids.forEach(id -> {
        OSProcess p = process(id);
        if (p != null) {
          seen.put(id, p);
        }
      });
    }
    if (seen.isEmpty()) {
      return null;
    }
    known = seen;
    Collection<OSProcess> tree = seen.values();
    Map<Integer, Long> cpuNow = new HashMap<>();
    long rss = 0;
    long spent = 0;
    for (OSProcess p : tree) {
      long cpu = p.getUserTime() + p.getKernelTime();
      rss += p.getResidentSetSize();
      Long before = cpuMillis.get(p.getProcessID());
      // A pid reused by a new process reads less than before: it starts afresh, as a new one.
      if (before != null && cpu >= before) {
        spent += cpu - before;
      }
      cpuNow.put(p.getProcessID(), cpu);
    }
    cpuMillis = cpuNow;
    return new Reading(rss, spent);
  }

  /**
   * The roots and their descendants now, each once: processes of one name are often each other's
   * children (ollama's runners).
   */
  private List<Integer> scan() {
    return withDescendants(roots.get()).stream().map(Math::toIntExact).toList();
  }

  /** The process now, or null when it has ended. */
  private OSProcess process(int id) {
    OSProcess p = known.get(id);
    if (p != null && p.updateAttributes()) {
      return p;
    }
    return os.getProcess(id);
  }
}
