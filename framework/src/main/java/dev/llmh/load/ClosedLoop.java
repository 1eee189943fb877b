package dev.llmh.load;

import dev.llmh.measure.RequestSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Closed-loop load: {@code concurrency} workers, each sending its next request as soon as its last
 * one ends, until {@code requests} have been sent or the deadline has passed. Every sent request's
 * sample is kept, failed or not, in request-number order.
 */
public final class ClosedLoop {
  private ClosedLoop() {}

  /**
   * @param send sends request number {@code i} and returns what was observed; it must not throw,
   *     but if it does the request is recorded as failed with the exception as its reason
   */
  public static List<RequestSample> run(int requests, int concurrency, IntFunction<RequestSample> send)
      throws InterruptedException {
    return run(requests, concurrency, send, NO_DEADLINE);
  }

  /** No deadline: every request is sent. */
  public static final long NO_DEADLINE = Long.MIN_VALUE;

  /**
   * @param deadlineNanos the {@link System#nanoTime()} after which no request is started (those in
   *     flight are the client's to cancel), or {@link #NO_DEADLINE}; the requests sent before it
   *     are returned, a prefix of the planned ones
   */
  public static List<RequestSample> run(int requests, int concurrency, IntFunction<RequestSample> send, long deadlineNanos)
      throws InterruptedException {
    return each(requests, concurrency, send, deadlineNanos, ClosedLoop::harnessError);
  }

  /**
   * {@link #run(int, int, IntFunction, long)} for units of any kind, such as a whole conversation per
   * unit: {@code failed} makes the unit of a {@code send} that threw, from its start and the exception.
   */
  public static <T> List<T> each(
      int requests, int concurrency, IntFunction<T> send, long deadlineNanos, java.util.function.BiFunction<Long, Throwable, T> failed)
      throws InterruptedException {
    if (requests <= 0) {
      return List.of();
    }
    @SuppressWarnings("unchecked")
    T[] samples = (T[]) new Object[requests];
    AtomicInteger next = new AtomicInteger();
    int workers = Math.min(concurrency, requests);
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>(workers);
    for (int w = 0; w < workers; w++) {
      Thread thread =
          new Thread(
              () -> {
                awaitQuietly(start);
                while (deadlineNanos == NO_DEADLINE || System.nanoTime() - deadlineNanos < 0) {
                  int i = next.getAndIncrement();
                  if (i >= requests) {
                    break;
                  }
                  samples[i] = sendSafely(send, i, failed);
                }
              },
              "llmh-worker-" + w);
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
    start.countDown(); // all workers begin together, so the first wave really is concurrent
    try {
      for (Thread thread : threads) {
        thread.join();
      }
    } catch (InterruptedException e) {
      threads.forEach(Thread::interrupt);
      throw e;
    }
    return Arrays.asList(samples).subList(0, Math.min(requests, next.get()));
  }

  private static <T> T sendSafely(IntFunction<T> send, int i, java.util.function.BiFunction<Long, Throwable, T> failed) {
    long start = System.nanoTime();
    try {
      return send.apply(i);
    } catch (RuntimeException | Error e) {
      return failed.apply(start, e);
    }
  }

  /** A request the harness itself broke, started at {@code start}: failed, with the exception as its reason. */
  public static RequestSample harnessError(long start, Throwable e) {
    return RequestSample.builder(start, List.of(), System.nanoTime()).error("harness error: " + e).build();
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
