package dev.llmh.front;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The slots a server generates in: at most {@code slots} requests at once, the rest wait in arrival
 * order (a fair semaphore). Waiting is real latency, never a failure, as on a real serving engine.
 */
public final class SlotQueue {

  private final int slots;
  private final Semaphore semaphore;
  private final java.util.concurrent.atomic.AtomicInteger waiting = new java.util.concurrent.atomic.AtomicInteger();
  private final java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();

  public SlotQueue(int slots) {
    if (slots < 1) {
      throw new IllegalArgumentException("slots must be >= 1, was " + slots);
    }
    this.slots = slots;
    this.semaphore = new Semaphore(slots, true);
  }

  /** Waits for a free slot, behind every request that asked before. */
  public void acquire() throws InterruptedException {
    waiting.incrementAndGet();
    try {
      semaphore.acquire();
      running.incrementAndGet();
    } finally {
      waiting.decrementAndGet();
    }
  }

  /** Gives back a slot taken with {@link #acquire()}. */
  public void release() {
    running.decrementAndGet();
    semaphore.release();
  }

  /** Requests waiting for a slot now: what a server's metrics call waiting (vLLM) or deferred (llama.cpp). */
  public int waiting() {
    return waiting.get();
  }

  /** Requests holding a slot now. */
  public int running() {
    return running.get();
  }

  /**
   * Waits up to {@code timeout} until no slot is in use, and says whether that happened. The slots
   * are free again afterwards: this only observes.
   */
  public boolean awaitIdle(Duration timeout) throws InterruptedException {
    if (!semaphore.tryAcquire(slots, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      return false;
    }
    semaphore.release(slots);
    return true;
  }
}
