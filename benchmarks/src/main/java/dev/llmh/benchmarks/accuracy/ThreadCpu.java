package dev.llmh.benchmarks.accuracy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Where the harness's CPU goes, thread by thread: what {@link CaseCpuListener} wrote beside its case
 * CPU, and, for a setting run beside its 150-request twin ({@code c1} and {@code c1-150}), the
 * difference per kind of thread divided by the tokens between — the peers' measure, split.
 */
public final class ThreadCpu {
  private ThreadCpu() {}

  /** One harness run: its setting's name, the tokens streamed to it, its CPU ticks by kind of thread. */
  public record Run(String setting, int run, long tokens, Map<String, Long> ticks) {}

  /** The ticks by kind of thread in {@code file}; empty when the harness wrote none. */
  public static Map<String, Long> read(Path file) throws IOException {
    Map<String, Long> ticks = new TreeMap<>();
    if (Files.exists(file)) {
      for (String line : Files.readAllLines(file)) {
        String[] parts = line.split("\t", 2);
        ticks.put(parts[1], Long.parseLong(parts[0]));
      }
    }
    return ticks;
  }

  /** A table per setting whose {@code -150} twin ran too, first runs of each. */
  public static void printPairs(List<Run> runs, long ticksPerSecond) {
    for (Run shorter : runs) {
      Run longer = runs.stream().filter(r -> r.setting().equals(shorter.setting() + "-150") && r.run() == shorter.run())
          .findFirst().orElse(null);
      if (longer == null || shorter.ticks().isEmpty() || longer.ticks().isEmpty()) {
        continue;
      }
      long tokens = longer.tokens() - shorter.tokens();
      System.out.printf(Locale.ROOT, "%n%s run %d, by thread (CPU ticks of %d per s; per token = difference / %d tokens):%n%n",
          shorter.setting(), shorter.run(), ticksPerSecond, tokens);
      System.out.println("| thread | " + shorter.setting() + " | " + longer.setting() + " | difference | µs per token between |");
      System.out.println("|---|---:|---:|---:|---:|");
      TreeSet<String> names = new TreeSet<>(shorter.ticks().keySet());
      names.addAll(longer.ticks().keySet());
      for (String name : names) {
        long a = shorter.ticks().getOrDefault(name, 0L);
        long b = longer.ticks().getOrDefault(name, 0L);
        if (a != 0 || b != 0) {
          System.out.printf(Locale.ROOT, "| %s | %d | %d | %+d | %+.0f |%n", name, a, b, b - a,
              (b - a) * 1e6 / ticksPerSecond / tokens);
        }
      }
    }
  }
}
