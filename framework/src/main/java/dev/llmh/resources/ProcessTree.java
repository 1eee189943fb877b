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
 * workers late.
 */
final class ProcessTree {
  private final OperatingSystem os;
  private final int pid;
  /** CPU ms (user + kernel) of every process at the previous read, by pid. */
  private Map<Integer, Long> cpuMillis = new HashMap<>();

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
    OSProcess root = os.getProcess(pid);
    if (root == null) {
      return null;
    }
    List<OSProcess> tree = new ArrayList<>();
    tree.add(root);
    tree.addAll(os.getDescendantProcesses(pid, null, null, 0));
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
}
