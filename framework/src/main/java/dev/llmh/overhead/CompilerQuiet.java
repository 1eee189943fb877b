package dev.llmh.overhead;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits for the JIT compiler to fall quiet before measuring. Compiling a method the warm-up made hot
 * (or recompiling one it deoptimised) takes the core the streams are read on for milliseconds at a
 * time; done inside the measured window, it delayed every stream at once (the accuracy benchmark's
 * inter-chunk error, docs/benchmarks.md).
 */
public final class CompilerQuiet {
  private static final long POLL_MILLIS = 20;
  /** No compilation finished for this long counts as quiet. */
  static final long QUIET_MILLIS = 100;

  private CompilerQuiet() {}

  /**
   * Returns once no compilation time was added for {@link #QUIET_MILLIS}, or after {@code maxMillis};
   * at once where the JVM does not report compilation time.
   *
   * @return how long it waited, in ms
   */
  public static long await(long maxMillis) {
    CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    long start = System.nanoTime();
    if (compiler == null || !compiler.isCompilationTimeMonitoringSupported()) {
      return 0;
    }
    long deadline = start + TimeUnit.MILLISECONDS.toNanos(maxMillis);
    long compiled = compiler.getTotalCompilationTime();
    long quietSince = System.nanoTime();
    while (System.nanoTime() - deadline < 0 && System.nanoTime() - quietSince < TimeUnit.MILLISECONDS.toNanos(QUIET_MILLIS)) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS));
      long now = compiler.getTotalCompilationTime();
      if (now != compiled) {
        compiled = now;
        quietSince = System.nanoTime();
      }
    }
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }
}
