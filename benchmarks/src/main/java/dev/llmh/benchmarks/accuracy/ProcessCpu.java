package dev.llmh.benchmarks.accuracy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * CPU time of a whole process tree, read from {@code /proc}. The client command runs under a shell
 * that, once the client has exited, prints its own {@code /proc/<pid>/stat} behind {@link #MARKER}:
 * its {@code cutime + cstime} are the CPU of every child it waited for, and of their children that
 * they waited for (a Surefire fork under Maven), user and system, start-up and exit included.
 */
public final class ProcessCpu {
  /** The prefix of the line that carries the shell's stat. */
  public static final String MARKER = "llmh-accuracy-proc-stat ";

  private ProcessCpu() {}

  /** Wraps {@code command} so that the shell prints its stat after the command exits, keeping its exit code. */
  public static List<String> wrap(List<String> command) {
    String script = "\"$@\"; rc=$?; printf '%s' '" + MARKER + "'; cat /proc/$$/stat; exit $rc";
    List<String> wrapped = new ArrayList<>(List.of("sh", "-c", script, "sh"));
    wrapped.addAll(command);
    return wrapped;
  }

  /** Seconds of CPU the children used, from the marked stat line in {@code output}, if there is one. */
  public static Optional<Double> childSeconds(List<String> output) {
    for (int i = output.size() - 1; i >= 0; i--) {
      String line = output.get(i);
      int at = line.indexOf(MARKER);
      if (at >= 0) {
        String[] fields = fields(line.substring(at + MARKER.length()));
        long ticks = Long.parseLong(fields[field(16)]) + Long.parseLong(fields[field(17)]); // cutime, cstime
        return Optional.of(ticks / (double) ticksPerSecond());
      }
    }
    return Optional.empty();
  }

  /** This process's own CPU so far (utime + stime of all its threads), in clock ticks. */
  public static long ownTicks() throws IOException {
    String[] fields = fields(Files.readString(Path.of("/proc/self/stat")));
    return Long.parseLong(fields[field(14)]) + Long.parseLong(fields[field(15)]);
  }

  /** The fields after the command name, which is in parentheses and may contain spaces. */
  private static String[] fields(String stat) {
    return stat.substring(stat.lastIndexOf(')') + 1).trim().split(" +");
  }

  /** Index in {@link #fields} of field {@code n} of proc(5), counted from 1 (the first after the name is 3). */
  private static int field(int n) {
    return n - 3;
  }

  public static long ticksPerSecond() {
    try {
      Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      getconf.waitFor();
      return Long.parseLong(out);
    } catch (IOException | NumberFormatException e) {
      return 100; // the Linux default
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 100;
    }
  }
}
