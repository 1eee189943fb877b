package dev.llmh.sim;

import java.util.concurrent.locks.LockSupport;

/** Keeping the simulated server's schedule: each chunk leaves at its deadline, not a park's wake-up later. */
final class Deadlines {
  /**
   * Below this much time to a deadline the waiting thread spins instead of parking: parking
   * overshoots by ~50-100 us (timer slack), and {@code Thread.yield()} could hand a busy core's
   * time slice (milliseconds) to another process. Short, so many streams on 2 cores stay cheap.
   */
  private static final long SPIN_NANOS = 250_000L;

  private Deadlines() {}

  /** Waits until {@code System.nanoTime() >= deadline}: parks, then spins for the last 250 us. */
  static void waitUntil(long deadline) throws InterruptedException {
    for (;;) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      if (left > SPIN_NANOS) {
        LockSupport.parkNanos(left - SPIN_NANOS);
      } else {
        Thread.onSpinWait();
      }
    }
  }
}
