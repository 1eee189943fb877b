package dev.llmh.benchmarks;

import dev.llmh.resources.ProcessSampler;
import dev.llmh.resources.Resources;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * What the resource sampler ({@link ProcessSampler}, as a case runs it) costs the JVM it runs in,
 * as a share of one core (issue 14 point 7: "the sampler adds under 1% CPU"). A child JVM spins one
 * core, as a serving process would be busy; this JVM then spends {@code seconds} idle, its process
 * CPU time read before and after (JIT and GC threads, the JVM's own housekeeping), and
 * {@code seconds} sampling the child every {@code interval} ms, read the same way. The added CPU is
 * the difference over the window; the sampling thread's own CPU time is given beside it. A first
 * sampling window of {@code warmup} seconds loads OSHI and compiles the sampler, once per JVM as in
 * a real run, and is reported apart.
 *
 * <p>Not JMH: the cost is a rate over wall time of a background thread, not the time of a call, and
 * it has to be read against an idle JVM over the same window.
 *
 * <p>Arguments (all optional): {@code seconds=20 interval=250 warmup=5 rounds=1}.
 */
public final class SamplerCostBenchmark {

  private SamplerCostBenchmark() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 1 && args[0].equals("spin")) {
      spin();
      return;
    }
    Options options = Options.parse(args);
    double seconds = options.getDouble("seconds", 20);
    Duration interval = Duration.ofMillis(options.getLong("interval", 250));
    double warmup = options.getDouble("warmup", 5);
    int rounds = options.getInt("rounds", 1);
    Duration window = Duration.ofMillis(Math.round(seconds * 1000));
    System.out.printf(Locale.ROOT, "sampler every %d ms of a child spinning one core; %.0f s windows, %d cores, Java %s%n",
        interval.toMillis(), seconds, Runtime.getRuntime().availableProcessors(), Runtime.version());
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), SamplerCostBenchmark.class.getName(), "spin")
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      if (!"spinning".equals(out.readLine())) {
        throw new IllegalStateException("the spinning child did not start");
      }
      Thread.sleep(1000);
      Window first = sampled(child.pid(), interval, Duration.ofMillis(Math.round(warmup * 1000)));
      System.out.printf(Locale.ROOT, "first sampler (loads OSHI, compiles): JVM %.2f%% of a core, sampling thread %.2f%%, %d samples, child %.1f%%%n",
          first.jvmPercent(), first.threadPercent(), first.samples(), first.childPercent());
      System.out.println("| round | idle JVM (% of a core) | sampling JVM (% of a core) | added by the sampler | sampling thread | per sample (ms CPU) | samples | child CPU seen |");
      System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (int round = 1; round <= rounds; round++) {
        Window idle = idle(window);
        Window busy = sampled(child.pid(), interval, window);
        System.out.printf(Locale.ROOT, "| %d | %.2f%% | %.2f%% | **%.2f%%** | %.2f%% | %.2f | %d | %.1f%% |%n", round,
            idle.jvmPercent(), busy.jvmPercent(), busy.jvmPercent() - idle.jvmPercent(), busy.threadPercent(),
            busy.threadCpuNanos() / 1e6 / Math.max(1, busy.samples()), busy.samples(), busy.childPercent());
      }
    } finally {
      child.getOutputStream().close();
      child.destroyForcibly().waitFor();
    }
  }

  /**
   * One window: the JVM's CPU and the sampling thread's over the wall time, in % of one core.
   *
   * @param childPercent the child's mean CPU as the sampler saw it (about 100: the sampler works)
   */
  private record Window(double jvmPercent, double threadPercent, long threadCpuNanos, int samples, double childPercent) {}

  private static Window idle(Duration window) throws InterruptedException {
    long cpu = processCpuNanos();
    long start = System.nanoTime();
    Thread.sleep(window.toMillis());
    long wall = System.nanoTime() - start;
    return new Window(100.0 * (processCpuNanos() - cpu) / wall, 0, 0, 0, Double.NaN);
  }

  private static Window sampled(long pid, Duration interval, Duration window) throws InterruptedException {
    long cpu = processCpuNanos();
    long start = System.nanoTime();
    ProcessSampler sampler = ProcessSampler.of(pid, interval).start();
    Resources r = sampler.stopAfter(window);
    long wall = System.nanoTime() - start;
    long jvm = processCpuNanos() - cpu;
    long thread = Math.max(0, sampler.ownCpuNanos());
    return new Window(100.0 * jvm / wall, 100.0 * thread / wall, thread, r.samples(),
        r.meanCpuPercent() == null ? Double.NaN : r.meanCpuPercent());
  }

  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    throw new IllegalStateException("this JVM does not report its process CPU time");
  }

  /** The child: one core busy until its standard input ends. */
  private static void spin() throws Exception {
    Thread spinner = new Thread(() -> {
      long x = 0;
      while (!Thread.currentThread().isInterrupted()) {
        x += System.nanoTime() & 1;
      }
      if (x == 42) {
        System.out.print("");
      }
    }, "spin");
    spinner.setDaemon(true);
    spinner.start();
    System.out.println("spinning");
    System.out.flush();
    while (System.in.read() >= 0) {
      // only the end of input matters
    }
    spinner.interrupt();
  }
}
