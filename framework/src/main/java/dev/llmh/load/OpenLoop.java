package dev.llmh.load;

import dev.llmh.plan.ArrivalSchedule;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * Open-loop load: each request is sent at its scheduled time whether or not earlier ones have been
 * answered, on a worker thread of its own from a pool that grows as needed ({@code send} blocks its
 * thread for the whole response). A worker gets its request {@link #HANDOFF_LEAD_NANOS} early, parks
 * until shortly before the time and spins the rest, so neither a thread wake-up nor the hand-off
 * makes it late. With {@code maxInFlight} set, a request waits for a free slot; it is then released
 * late, and that wait is queueing like any other.
 */
public final class OpenLoop {
  /** How long before its time a request is handed to a worker: above a wake-up's latency on a busy machine. */
  static final long HANDOFF_LEAD_NANOS = 2_000_000;
  /** Parking stops this long before the time, and spinning takes over: a timed park overshoots by tens of µs. */
  static final long SPIN_NANOS = 200_000;
  /** The first scheduled send is this far after the call: time to start the first workers. */
  static final long LEAD_IN_NANOS = 20_000_000;

  private OpenLoop() {}

  /**
   * One request (or unit) as dispatched.
   *
   * @param scheduledNanos when the schedule meant it to be sent ({@link System#nanoTime()})
   * @param releasedNanos when the harness could send it: the scheduled time, or later when it had to
   *     wait for a {@code maxInFlight} slot; the send's start − this is the client's own lag
   */
  public record Sent<T>(long scheduledNanos, long releasedNanos, T unit) {}

  /**
   * @param sent every dispatched request in schedule order: a prefix of the schedule when the deadline came first
   * @param peakInFlight the most requests that were in flight at once
   */
  public record Run<T>(List<Sent<T>> sent, int peakInFlight) {}

  /**
   * Sends request {@code i} at its offset in {@code schedule} and returns when every sent request has ended.
   *
   * @param maxInFlight the most requests in flight at once, 0 for no bound
   * @param send sends request {@code i}, blocking until it ends; if it throws, {@code failed} makes the
   *     unit from its start and the exception
   * @param deadlineNanos no request is sent after it ({@link ClosedLoop#NO_DEADLINE}: none); those in flight are the client's to cancel
   */
  public static <T> Run<T> run(
      ArrivalSchedule schedule, int maxInFlight, IntFunction<T> send, long deadlineNanos, BiFunction<Long, Throwable, T> failed)
      throws InterruptedException {
    int n = schedule.size();
    AtomicReferenceArray<Sent<T>> sent = new AtomicReferenceArray<>(n);
    Semaphore slots = maxInFlight > 0 ? new Semaphore(maxInFlight) : null;
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger peak = new AtomicInteger();
    ThreadPoolExecutor workers = workers();
    int dispatched = 0;
    try {
      prestart(workers, Math.min(n, 4));
      long origin = System.nanoTime() + LEAD_IN_NANOS;
      for (int i = 0; i < n; i++) {
        long scheduled = origin + schedule.offsetNanos(i);
        if (deadlineNanos != ClosedLoop.NO_DEADLINE && scheduled - deadlineNanos >= 0) {
          break;
        }
        parkUntil(scheduled - HANDOFF_LEAD_NANOS);
        if (Thread.interrupted()) {
          throw new InterruptedException("open loop stopped after " + dispatched + " of " + n + " requests");
        }
        // Only a wait for a slot delays the release; a dispatcher that woke late is the client's own lag.
        boolean waitedForSlot = slots != null && !slots.tryAcquire();
        if (waitedForSlot && !acquire(slots, deadlineNanos)) {
          break; // the deadline came while every slot was busy: nothing more is sent
        }
        long acquired = System.nanoTime();
        int request = i;
        workers.execute(() -> {
          long released = waitedForSlot ? Math.max(scheduled, acquired) : scheduled;
          waitUntil(scheduled);
          peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
          T unit;
          long start = System.nanoTime();
          try {
            unit = send.apply(request);
          } catch (RuntimeException | Error e) {
            unit = failed.apply(start, e);
          } finally {
            inFlight.decrementAndGet();
            if (slots != null) {
              slots.release();
            }
          }
          sent.set(request, new Sent<>(scheduled, released, unit));
        });
        dispatched++;
      }
      awaitAll(workers);
    } catch (InterruptedException e) {
      workers.shutdownNow();
      throw e;
    }
    List<Sent<T>> result = new ArrayList<>(dispatched);
    for (int i = 0; i < dispatched; i++) {
      result.add(sent.get(i));
    }
    return new Run<>(result, peak.get());
  }

  private static void awaitAll(ThreadPoolExecutor workers) throws InterruptedException {
    workers.shutdown();
    while (!workers.awaitTermination(1, TimeUnit.SECONDS)) {
      // every request ends: the client's own timeouts and the case deadline see to it
    }
  }

  /** A thread per request in flight, handed each request without queueing it. */
  private static ThreadPoolExecutor workers() {
    AtomicInteger threads = new AtomicInteger();
    return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), task -> {
      Thread thread = new Thread(task, "llmh-open-" + threads.getAndIncrement());
      thread.setDaemon(true);
      return thread;
    });
  }

  /** Idle workers waiting on the hand-off queue, so that the first requests need not start a thread. */
  private static void prestart(ThreadPoolExecutor workers, int count) {
    for (int i = 0; i < count; i++) {
      workers.execute(() -> LockSupport.parkNanos(5_000_000));
    }
  }

  private static boolean acquire(Semaphore slots, long deadlineNanos) throws InterruptedException {
    if (deadlineNanos == ClosedLoop.NO_DEADLINE) {
      slots.acquire();
      return true;
    }
    return slots.tryAcquire(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
  }

  private static void parkUntil(long target) {
    for (long left = target - System.nanoTime(); left > 0 && !Thread.currentThread().isInterrupted();
        left = target - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }

  /** Parks until shortly before {@code target}, then spins: a timed park alone wakes tens of µs late. */
  static void waitUntil(long target) {
    parkUntil(target - SPIN_NANOS);
    while (System.nanoTime() - target < 0) {
      Thread.onSpinWait();
    }
  }
}
