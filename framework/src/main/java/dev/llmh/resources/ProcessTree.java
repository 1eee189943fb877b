package dev.llmh.resources;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * A process and its descendants, read through OSHI: their summed resident set and the CPU time they
 * spent since the previous read. Descendants are looked up at every read, since a server may start
 * workers late, through the JDK's process handles: OSHI's lookup builds a full process object for
 * every descendant and the root each time (3.1 ms of CPU per sample against 1.9 ms this way, for one
 * child on a 67-process machine). A process seen before is refreshed in place.
 */
final class ProcessTree {
  private final OperatingSystem os;
  private final int pid;
  /** CPU ms (user + kernel) of every process at the previous read, by pid. */
  private Map<Integer, Long> cpuMillis = new HashMap<>();
  /** The processes of the previous read, by pid, refreshed rather than rebuilt. */
  private Map<Integer, OSProcess> known = new HashMap<>();

  ProcessTree(int pid) {
    this.os = new SystemInfo().getOperatingSystem();
    this.pid = pid;
  }

  int pid() {
    return pid;
  }

  /**
   * One reading.
   *
   * @param rssBytes the tree's summed resident set
   * @param cpuMillis CPU time the tree spent since the previous read; a process first seen now counts
   *     nothing, since its earlier CPU time does not belong to the interval
   */
  record Reading(long rssBytes, long cpuMillis) {}

  /** The tree now, or null when the root process has ended. */
  Reading read() {
    OSProcess root = process(pid);
    if (root == null) {
      return null;
    }
    List<OSProcess> tree = new ArrayList<>();
    tree.add(root);
    ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> {
      OSProcess p = process(Math.toIntExact(d.pid()));
      if (p != null) {
        tree.add(p);
      }
    }));
    Map<Integer, OSProcess> seen = new HashMap<>();
    tree.forEach(p -> seen.put(p.getProcessID(), p));
    known = seen;
    Map<Integer, Long> now = new HashMap<>();
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
      now.put(p.getProcessID(), cpu);
    }
    cpuMillis = now;
    return new Reading(rss, spent);
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
