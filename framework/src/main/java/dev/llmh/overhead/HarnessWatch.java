package dev.llmh.overhead;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.llmh.measure.RequestSample;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.locks.LockSupport;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Watches the harness itself while a case is measured, so that a tail the harness shaped is told
 * apart from one the server did: the CPU time the measuring threads spend, the collector's pauses,
 * and the longest time a harness thread that asked to run was kept from running (a stall: a pause,
 * a safepoint, or a core given to someone else). The stall meter is jHiccup's idea: a thread that
 * sleeps a tick over and over and notes how late it wakes; a stall it sees delayed every stream's
 * reads alike. A stall is seen short by up to one tick, so the tick is half the shortest stall the
 * case's warning would name ({@link HarnessCheck#warnedStallMs}), within 1–10 ms: each wake costs CPU
 * (about 30 µs on a small VM, 3% of a core at a 1 ms tick, most of the harness's CPU at c=1 in
 * docs/benchmarks.md), and a case whose chunks come 20 ms apart needs no millisecond resolution.
 */
public final class HarnessWatch implements AutoCloseable {
  static final long FINEST_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  static final long COARSEST_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final java.lang.management.OperatingSystemMXBean SYSTEM = ManagementFactory.getOperatingSystemMXBean();

  private final AtomicLong workerCpuNanos = new AtomicLong();
  /** The whole JVM's CPU while requests were in flight; -1 where the JVM cannot tell. */
  private long processCpuNanos;
  private long processCpuAtStreamsStart;
  private final LongAccumulator longestStallNanos = new LongAccumulator(Math::max, 0);
  private final AtomicLong gcPauses = new AtomicLong();
  private final LongAccumulator longestGcPauseMs = new LongAccumulator(Math::max, 0);
  private final AtomicLong gcPauseMsTotal = new AtomicLong();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener gcListener = this::collected;
  private final Thread meter;
  /** The meter's sleep: stalls shorter than about this are not told apart from scheduling noise. */
  private final long tickNanos;
  private volatile boolean running = true;
  /** Stalls count only while requests are in flight, not while a look is being analysed. */
  private volatile boolean streaming;

  private HarnessWatch(long tickNanos) {
    this.tickNanos = tickNanos;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(gcListener, null, null);
        emitters.add(emitter);
      }
    }
    meter = new Thread(this::meterStalls, "llmh-stall-meter");
    meter.setDaemon(true);
    meter.setPriority(Thread.MAX_PRIORITY); // it must not be the one thread a busy core leaves waiting
    meter.start();
  }

  /**
   * Starts watching: the GC listener and the stall meter run until {@link #close()}.
   *
   * @param figureMs the ITL (else the TTFT) the case's warm-up saw, which sets the meter's tick; null
   *     when not known: the finest tick
   */
  public static HarnessWatch start(Double figureMs) {
    return new HarnessWatch(tick(figureMs));
  }

  /**
   * Half the shortest stall the warning names, down to a tenth of a millisecond (the results file
   * shows it), within 1–10 ms.
   */
  static long tick(Double figureMs) {
    long tenths = (long) (HarnessCheck.warnedStallMs(figureMs) / 2 * 10);
    return Math.max(FINEST_TICK_NANOS, Math.min(COARSEST_TICK_NANOS, tenths * 100_000));
  }

  /**
   * What the meter's tick is set from: the median gap between text chunks of the warm-up's
   * successful requests, else their median TTFT, else null. The median, not the p99 the warning
   * compares with, so that the tick errs on the fine side.
   */
  public static Double figureMs(List<RequestSample> warmup) {
    List<Long> gaps = new ArrayList<>();
    List<Long> ttfts = new ArrayList<>();
    for (RequestSample sample : warmup) {
      List<Long> chunks = sample.timing().textChunkNanos();
      if (!sample.succeeded() || chunks.isEmpty()) {
        continue;
      }
      ttfts.add(chunks.get(0) - sample.timing().startNanos());
      for (int i = 1; i < chunks.size(); i++) {
        gaps.add(chunks.get(i) - chunks.get(i - 1));
      }
    }
    List<Long> figure = gaps.isEmpty() ? ttfts : gaps;
    if (figure.isEmpty()) {
      return null;
    }
    Collections.sort(figure);
    return figure.get(figure.size() / 2) / 1e6;
  }

  /** The calling thread's CPU time, in ns, or -1 where the JVM cannot tell. */
  public static long threadCpuNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
  }

  /** Requests are in flight from now until {@link #streamsEnded()}. */
  public void streamsStarted() {
    processCpuAtStreamsStart = processCpuNanos();
    streaming = true;
  }

  public void streamsEnded() {
    streaming = false;
    long now = processCpuNanos();
    processCpuNanos = now < 0 || processCpuNanos < 0 ? -1 : processCpuNanos + now - processCpuAtStreamsStart;
  }

  /** This JVM's CPU time, in ns (HotSpot's {@code com.sun.management} bean), or -1 where it cannot tell. */
  static long processCpuNanos() {
    return SYSTEM instanceof com.sun.management.OperatingSystemMXBean jvm ? jvm.getProcessCpuTime() : -1;
  }

  /** A measuring thread spent {@code nanos} of CPU on one request (from {@link #threadCpuNanos()}). */
  public void workerCpu(long nanos) {
    if (nanos >= 0) {
      workerCpuNanos.addAndGet(nanos);
    }
  }

  /** What was seen so far, with the CPU spread over the {@code chunks} the measured requests read. */
  public HarnessCheck check(long chunks) {
    long cpu = workerCpuNanos.get();
    Double perChunk = chunks == 0 || !THREADS.isCurrentThreadCpuTimeSupported() ? null : cpu / 1e3 / chunks;
    Double processPerChunk = chunks == 0 || processCpuNanos < 0 ? null : processCpuNanos / 1e3 / chunks;
    return new HarnessCheck(perChunk, processPerChunk, longestStallNanos.get() / 1e6, tickNanos / 1e6, gcPauses.intValue(),
        (double) longestGcPauseMs.get(), (double) gcPauseMsTotal.get());
  }

  @Override
  public void close() {
    running = false;
    LockSupport.unpark(meter);
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(gcListener);
      } catch (ListenerNotFoundException e) {
        // already gone: nothing to undo
      }
    }
  }

  private void meterStalls() {
    while (running) {
      long before = System.nanoTime();
      LockSupport.parkNanos(tickNanos);
      long late = System.nanoTime() - before - tickNanos;
      if (streaming && late > 0) {
        longestStallNanos.accumulate(late);
      }
    }
  }

  private void collected(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    if (!isPause(info.getGcName(), info.getGcAction())) {
      return;
    }
    long ms = info.getGcInfo().getDuration();
    gcPauses.incrementAndGet();
    longestGcPauseMs.accumulate(ms);
    gcPauseMsTotal.addAndGet(ms);
  }

  /** Concurrent cycles (G1's, ZGC's, Shenandoah's) run beside the application; only pauses stop it. */
  static boolean isPause(String collector, String action) {
    String name = collector.toLowerCase(Locale.ROOT);
    return !name.contains("concurrent") && !name.contains("cycles")
        && !action.toLowerCase(Locale.ROOT).contains("concurrent");
  }
}
