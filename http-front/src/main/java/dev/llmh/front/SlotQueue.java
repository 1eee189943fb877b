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

  public SlotQueue(int slots) {
    if (slots < 1) {
      throw new IllegalArgumentException("slots must be >= 1, was " + slots);
    }
    this.slots = slots;
    this.semaphore = new Semaphore(slots, true);
  }

  /** Waits for a free slot, behind every request that asked before. */
  public void acquire() throws InterruptedException {
    semaphore.acquire();
  }

  /** Gives back a slot taken with {@link #acquire()}. */
  public void release() {
    semaphore.release();
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
