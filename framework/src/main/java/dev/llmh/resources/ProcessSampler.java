package dev.llmh.resources;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Samples a process tree's resident memory and CPU every interval on its own low-priority daemon
 * thread, from {@link #start()} until {@link #stop()}: one sampler per phase, so that warm-up and
 * measurement are summarised apart.
 */
public final class ProcessSampler {
  /** A last sample at stop over less than this would be mostly clock-tick rounding of the CPU time. */
  private static final long MIN_FINAL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private final ProcessTree tree;
  private final long intervalNanos;
  private final String source;
  private final List<List<Number>> series = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stopping;
  private long startNanos;
  private long lastNanos;
  private long cpuMillis;
  private long wallNanos;
  private boolean ended;
  private volatile long ownCpuNanos = -1;

  private ProcessSampler(ProcessTree tree, String source, Duration interval) {
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("sampling interval must be above zero, was " + interval);
    }
    this.tree = tree;
    this.intervalNanos = interval.toNanos();
    this.source = source;
    this.thread = new Thread(this::run, "llmh-resources");
    thread.setDaemon(true);
    // Sampling must not compete with the client threads whose timing is being measured.
    thread.setPriority(Thread.MIN_PRIORITY);
  }

  /** A sampler of {@code pid} and its descendants, not started yet. */
  public static ProcessSampler of(long pid, Duration interval) {
    return new ProcessSampler(ProcessTree.of(pid), "pid " + pid + " and its children", interval);
  }

  /** A sampler of every process named {@code name} and their descendants, summed; not started yet. */
  public static ProcessSampler named(String name, Duration interval) {
    return new ProcessSampler(ProcessTree.named(name), "processes named " + name + " and their children", interval);
  }

  /** Takes the baseline reading now (the first sample's CPU is measured from here), then samples. */
  public synchronized ProcessSampler start() {
    startNanos = System.nanoTime();
    lastNanos = startNanos;
    ended = tree.read() == null;
    thread.start();
    return this;
  }

  private void run() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
    long next = startNanos + intervalNanos;
    while (!stopping) {
      long wait = next - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
        continue;
      }
      synchronized (this) {
        if (stopping || ended) {
          break;
        }
        sample();
      }
      // Fixed rate: a late sample does not shift the ones after it, and missed ones are skipped.
      next += intervalNanos * Math.max(1, (System.nanoTime() - next) / intervalNanos + 1);
      if (cpuTime) {
        ownCpuNanos = threads.getCurrentThreadCpuTime();
      }
    }
    if (cpuTime) {
      ownCpuNanos = threads.getCurrentThreadCpuTime();
    }
  }

  /** One sample: the tree's RSS now, CPU over the time since the previous sample. */
  private void sample() {
    ProcessTree.Reading reading = tree.read();
    long now = System.nanoTime();
    if (reading == null) {
      ended = true;
      return;
    }
    long elapsed = now - lastNanos;
    double cpuPercent = elapsed <= 0 ? 0 : 100.0 * reading.cpuMillis() * 1_000_000 / elapsed;
    series.add(List.of(TimeUnit.NANOSECONDS.toMillis(now - startNanos), reading.rssBytes(), round(cpuPercent)));
    cpuMillis += reading.cpuMillis();
    wallNanos += elapsed;
    lastNanos = now;
  }

  /**
   * Stops sampling, takes a last sample when the interval since the previous one is long enough to
   * say something (or when there is none yet), and summarises the series.
   */
  public Resources stop() {
    stopping = true;
    LockSupport.unpark(thread);
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return snapshot();
  }

  /**
   * The series so far and its summary, with a sample taken now as {@link #stop()} does; sampling
   * goes on. An adaptive measurement judges each look with the resources up to that look.
   */
  public synchronized Resources snapshot() {
    if (!ended && (series.isEmpty() || System.nanoTime() - lastNanos >= MIN_FINAL_NANOS)) {
      sample();
    }
    long intervalMs = TimeUnit.NANOSECONDS.toMillis(intervalNanos);
    if (series.isEmpty()) {
      return Resources.notMeasured(source, intervalMs, tree.label() + (tree.label().startsWith("no ") ? "" : " ended before the first sample"));
    }
    long peak = 0;
    double rssSum = 0;
    for (List<Number> s : series) {
      peak = Math.max(peak, s.get(1).longValue());
      rssSum += s.get(1).longValue();
    }
    // CPU time over wall time rather than the mean of the samples' %: a short last sample weighs less.
    double meanCpu = wallNanos <= 0 ? 0 : 100.0 * cpuMillis * 1_000_000 / wallNanos;
    return new Resources(source, intervalMs, series.size(), peak, Math.round(rssSum / series.size()), round(meanCpu),
        series, null, null, null, null);
  }

  /** Samples for {@code window}, then {@link #stop()}s. */
  public Resources stopAfter(Duration window) throws InterruptedException {
    Thread.sleep(window.toMillis());
    return stop();
  }

  /**
   * CPU time the sampling thread has used so far, in ns, or -1 where the JVM does not measure thread
   * CPU time: the sampler's own cost.
   */
  public long ownCpuNanos() {
    return ownCpuNanos;
  }

  /** Samples taken so far. */
  public synchronized int samples() {
    return series.size();
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }
}
