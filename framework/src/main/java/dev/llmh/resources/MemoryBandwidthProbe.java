package dev.llmh.resources;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;

/**
 * This machine's memory read bandwidth, measured in well under two seconds: a buffer several times
 * larger than the largest CPU cache (at least 256 MiB) is read by one thread per core, one long per
 * 64-byte cache line (the line is what memory delivers, so touching one word of it costs the same
 * traffic as reading all of it while keeping the cores' own work from being the limit), and the
 * best of the passes that fit in 0.3 s (at least 6; a pass takes a few milliseconds) is kept. The
 * ceiling of the physics check when the server runs here and no {@code llmh.hardware.memoryBandwidth}
 * is declared.
 *
 * <p>The best pass, not the mean: a bandwidth is a ceiling, and everything that disturbs a pass —
 * the JIT still compiling the loop in the first passes, another process taking a core or the memory
 * bus, the scheduler moving a thread — only makes it slower. The fastest pass is the one closest to
 * what the hardware can do, which is the figure a "faster than physics" check needs (a low ceiling
 * would flag honest rates).
 *
 * <p>Not a JMH benchmark: it runs inside a user's benchmark run, once, when a local endpoint is
 * opened and before any warm-up (never while a case is measuring, whose client threads it would
 * slow), and must give its answer in about a second; JMH's forks, warm-up iterations and minutes
 * of runtime are made for comparing code, not for reading one hardware figure in passing, and JMH
 * is no dependency of the framework. Its limits: a single socket's view on a NUMA machine is
 * whatever the OS gives these threads; a GPU's memory is not measured (declare it).
 */
public final class MemoryBandwidthProbe {

  private static final long MIN_BUFFER = 256L << 20;
  private static final long SMALLEST_BUFFER = 64L << 20;
  private static final int CACHE_MULTIPLE = 4;
  /** Passes at the least, and then more until {@link #PASSING_NANOS} of them: a pass takes milliseconds. */
  private static final int MIN_PASSES = 6;
  private static final long PASSING_NANOS = 300_000_000L;
  private static final int MAX_PASSES = 200;
  /** After this long from the start no further pass is started, once two have run. */
  static final long BUDGET_NANOS = 1_500_000_000L;
  /** Longs per 64-byte cache line. */
  private static final int STRIDE = 8;

  /**
   * One probe's figure and how it was taken.
   *
   * @param bytesPerSecond the best pass's bytes read over its wall time
   * @param bufferBytes the bytes each pass read
   * @param threads the reading threads, one per core
   * @param passes the passes run: at least 6, and as many as fit in 0.3 s
   * @param millis the probe's whole duration, allocation included
   */
  public record Result(double bytesPerSecond, long bufferBytes, int threads, int passes, long millis) {
    /** {@code 12.3 GB/s (256 MiB read by 2 threads, best of 6 passes, 0.4 s)}. */
    public String describe() {
      return String.format(Locale.ROOT, "%.1f GB/s (%d MiB read by %d threads, best of %d passes, %.1f s)",
          bytesPerSecond / 1e9, bufferBytes >> 20, threads, passes, millis / 1000.0);
    }
  }

  private MemoryBandwidthProbe() {}

  /**
   * Measures with one thread per core and a buffer of 4 × the largest cache OSHI reports, at least
   * 256 MiB, halved while the heap cannot hold it.
   *
   * @throws IllegalStateException when not even a 64 MiB buffer can be allocated
   */
  public static Result measure() {
    return measure(bufferBytes(), Runtime.getRuntime().availableProcessors());
  }

  static Result measure(long wantedBytes, int threads) {
    long started = System.nanoTime();
    long[] buffer = allocate(wantedBytes);
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "llmh-bandwidth-probe");
      t.setDaemon(true);
      return t;
    });
    try {
      int[] bounds = slices(buffer.length, threads);
      // Each thread writes its own slice first: the pages exist (never the shared zero page) and,
      // on a NUMA machine, sit near the thread that will read them.
      run(pool, threads, i -> Arrays.fill(buffer, bounds[i], bounds[i + 1], i + 1L));
      double best = 0;
      int passes = 0;
      long sink = 0;
      long passing = System.nanoTime();
      while (passes < MAX_PASSES && (passes < MIN_PASSES || System.nanoTime() - passing < PASSING_NANOS)
          && (passes < 2 || System.nanoTime() - started < BUDGET_NANOS)) {
        long[] sums = new long[threads];
        long nanos = run(pool, threads, i -> sums[i] = read(buffer, bounds[i], bounds[i + 1]));
        passes++;
        best = Math.max(best, (double) buffer.length * Long.BYTES * 1e9 / nanos);
        for (long s : sums) {
          sink += s;
        }
      }
      if (sink == 42) { // keeps the reads from being optimised away; never true for a filled buffer
        throw new AssertionError();
      }
      return new Result(best, (long) buffer.length * Long.BYTES, threads, passes, (System.nanoTime() - started) / 1_000_000);
    } finally {
      pool.shutdownNow();
    }
  }

  /** One long per cache line of {@code [from, to)}, two lines per iteration so adds do not chain. */
  private static long read(long[] a, int from, int to) {
    long s0 = 0;
    long s1 = 0;
    for (int i = from; i < to; i += 2 * STRIDE) {
      s0 += a[i];
      s1 += a[i + STRIDE];
    }
    return s0 + s1;
  }

  /** Runs {@code task(i)} for every thread at once and returns the wall time from a common start to the last end. */
  private static long run(ExecutorService pool, int threads, java.util.function.IntConsumer task) {
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      int index = i;
      done.add(pool.submit(() -> {
        ready.countDown();
        go.await();
        task.accept(index);
        return null;
      }));
    }
    try {
      ready.await();
      long start = System.nanoTime();
      go.countDown();
      for (Future<?> f : done) {
        f.get();
      }
      return System.nanoTime() - start;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("memory bandwidth probe interrupted", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("memory bandwidth probe failed: " + e.getCause(), e.getCause());
    }
  }

  /** Slice bounds, each slice a whole number of double cache-line steps. */
  private static int[] slices(int length, int threads) {
    int step = 2 * STRIDE;
    int perThread = length / step / threads * step;
    int[] bounds = new int[threads + 1];
    for (int i = 1; i <= threads; i++) {
      bounds[i] = bounds[i - 1] + perThread;
    }
    return bounds;
  }

  private static long[] allocate(long wantedBytes) {
    for (long bytes = wantedBytes; bytes >= SMALLEST_BUFFER; bytes /= 2) {
      try {
        return new long[Math.toIntExact(Math.min(bytes / Long.BYTES, Integer.MAX_VALUE - 8))];
      } catch (OutOfMemoryError tooBig) {
        // a smaller buffer next: a smaller heap still deserves a figure, and the result says its size
      }
    }
    throw new IllegalStateException("memory bandwidth probe: cannot allocate " + (SMALLEST_BUFFER >> 20)
        + " MiB on the heap (-Xmx); declare llmh.hardware.memoryBandwidth");
  }

  /** 4 × the largest cache, at least 256 MiB, at most half the heap the JVM may grow to. */
  static long bufferBytes() {
    long largestCache = 0;
    try {
      CentralProcessor cpu = new SystemInfo().getHardware().getProcessor();
      for (CentralProcessor.ProcessorCache cache : cpu.getProcessorCaches()) {
        largestCache = Math.max(largestCache, Integer.toUnsignedLong(cache.getCacheSize()));
      }
    } catch (RuntimeException | LinkageError unknown) {
      // OSHI cannot read the caches here: the minimum is already larger than most
    }
    long bytes = Math.max(MIN_BUFFER, CACHE_MULTIPLE * largestCache);
    long heapHalf = Runtime.getRuntime().maxMemory() / 2;
    while (bytes > heapHalf && bytes / 2 >= SMALLEST_BUFFER) {
      bytes /= 2;
    }
    return bytes;
  }
}
