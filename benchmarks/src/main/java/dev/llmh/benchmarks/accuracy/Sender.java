package dev.llmh.benchmarks.accuracy;

import java.util.PriorityQueue;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A ground truth's sender thread: it keeps every stream's next deadline in one queue, parks until
 * 250 µs before the earliest, then yields the core until it is due — the server's reading thread
 * shares that core, and an arrival it reads while this one spins is stamped late (seen as
 * 1.5–3.7 ms when 16 requests came at once) — and fires it.
 */
final class Sender {
  private static final long SPIN_NANOS = 250_000L;

  /** A stream with deadlines: the next one, and what happens at it. */
  interface Due {
    long due();

    /** Does what is due now; true when another deadline follows. */
    boolean fire();
  }

  private final Queue<Due> handedOver = new ConcurrentLinkedQueue<>();
  private final Thread thread;
  private volatile boolean closed;

  Sender(String name) {
    thread = new Thread(this::loop, name);
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /** Takes a new stream; woken at once, since its deadline may be the earliest. */
  void add(Due stream) {
    handedOver.add(stream);
    LockSupport.unpark(thread);
  }

  private void loop() {
    PriorityQueue<Due> due = new PriorityQueue<>((a, b) -> Long.compare(a.due(), b.due()));
    while (!closed) {
      for (Due fresh; (fresh = handedOver.poll()) != null; ) {
        due.add(fresh);
      }
      Due next = due.peek();
      if (next == null) {
        LockSupport.park();
        continue;
      }
      long left = next.due() - System.nanoTime();
      if (left > SPIN_NANOS) {
        LockSupport.parkNanos(left - SPIN_NANOS); // woken early when a stream is added
      } else if (left > 0) {
        Thread.yield();
      } else {
        due.poll();
        if (next.fire()) {
          due.add(next);
        }
      }
    }
  }

  void close() {
    closed = true;
    LockSupport.unpark(thread);
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
