package dev.llmh.benchmarks.accuracy;

import java.io.File;
import java.util.List;

/**
 * Pins a process to one core with {@code taskset -c N} where the OS has it and there are two cores
 * to give; otherwise leaves it unpinned and says why. Pinning keeps the server's threads off the
 * harness's core, as a server on another machine would.
 */
public record Pinning(boolean enabled, String why) {

  public static Pinning detect(boolean wanted) {
    if (!wanted) {
      return new Pinning(false, "not pinned: pin=false");
    }
    if (Runtime.getRuntime().availableProcessors() < 2) {
      return new Pinning(false, "not pinned: fewer than 2 cores available");
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (new File(dir, "taskset").canExecute()) {
        return new Pinning(true, "pinned with taskset: server on core 0, harness on core 1");
      }
    }
    return new Pinning(false, "not pinned: taskset not found on PATH");
  }

  /** The command prefix that runs a command on {@code core}; empty when not pinning. */
  public List<String> onCore(int core) {
    return enabled ? List.of("taskset", "-c", Integer.toString(core)) : List.of();
  }
}
