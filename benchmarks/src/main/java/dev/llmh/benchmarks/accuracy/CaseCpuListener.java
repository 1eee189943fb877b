package dev.llmh.benchmarks.accuracy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Sums the harness JVM's CPU time (utime + stime of all its threads, from {@code /proc/self/stat})
 * over the executions of its tests — LLMH cases, run one after another: warm-up, measurement,
 * statistics and results, without JVM start-up and discovery — and writes it, in clock ticks, to
 * {@code file} after each; and beside it, in {@code <file>.threads}, the CPU ticks of each kind of
 * thread since the JVM started (its name with digits as {@code #}; "ended, not seen" for what the
 * process spent in threads that ended before a look), each thread's read from {@code /proc/self/task}
 * every second and after each test, so that threads that end still count. It depends on nothing but
 * the JDK and the JUnit Platform launcher API, because {@code mode=maven} copies this very source into the generated user project
 * ({@link dev.llmh.benchmarks.MavenHarness}), where Surefire's launcher loads it as a service.
 */
public final class CaseCpuListener implements TestExecutionListener {
  /** The system property naming the file, for the service-loaded instance. */
  public static final String FILE_PROPERTY = "llmh.accuracy.caseCpuFile";

  private final Path file;
  private long startedAt;
  private long ticks;
  /** Each thread's ticks as last seen, by thread id and start time (Linux reuses ids), with its name. */
  private final Map<String, Map.Entry<String, Long>> threads = new ConcurrentHashMap<>();

  public CaseCpuListener(Path file) {
    this.file = file;
    if (file != null) {
      Thread reader = new Thread(() -> {
        while (true) {
          readThreads();
          try {
            Thread.sleep(1000);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "llmh-accuracy-threads");
      reader.setDaemon(true);
      reader.start();
    }
  }

  /** Loaded as a service: the file comes from {@link #FILE_PROPERTY}; without it, nothing is written. */
  public CaseCpuListener() {
    this(System.getProperty(FILE_PROPERTY) == null ? null : Path.of(System.getProperty(FILE_PROPERTY)));
  }

  @Override
  public void executionStarted(TestIdentifier test) {
    if (test.isTest()) {
      startedAt = now();
    }
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (test.isTest() && file != null) {
      ticks += now() - startedAt;
      readThreads();
      Map<String, Long> byName = new TreeMap<>();
      threads.values().forEach(t -> byName.merge(t.getKey(), t.getValue(), Long::sum));
      long seen = byName.values().stream().mapToLong(Long::longValue).sum();
      byName.put("ended, not seen", Math.max(0, now() - seen));
      StringBuilder lines = new StringBuilder();
      byName.forEach((name, t) -> lines.append(t).append('\t').append(name).append('\n'));
      try {
        Files.writeString(file, Long.toString(ticks));
        Files.writeString(Path.of(file + ".threads"), lines);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private void readThreads() {
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
      for (Path task : tasks) {
        try {
          String[] fields = fields(Files.readString(task.resolve("stat")));
          String name = Files.readString(task.resolve("comm")).trim().replaceAll("[0-9]+", "#");
          threads.put(task.getFileName() + "@" + fields[19], Map.entry(name, Long.parseLong(fields[11]) + Long.parseLong(fields[12])));
        } catch (IOException ended) {
          // it ended between the listing and the read: its last reading stands
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** utime + stime: fields 14 and 15 of proc(5), the 12th and 13th after the name in parentheses. */
  private static long now() {
    try {
      String[] fields = fields(Files.readString(Path.of("/proc/self/stat")));
      return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The fields after the name in parentheses (field 3 of proc(5) is the first). */
  private static String[] fields(String stat) {
    return stat.substring(stat.lastIndexOf(')') + 1).trim().split(" +");
  }
}
