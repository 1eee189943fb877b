package dev.llmh.client;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Cancels a request that outlives one of its deadlines: no text chunk within the first-token timeout,
 * or no end within the request timeout (or before the case's own deadline, when that comes first).
 * An idle (read) timeout cannot do either: a server that sends keep-alive comments, or streams
 * forever, never goes silent. Two scheduled tasks per request, none per chunk.
 */
final class RequestWatch {
  private static final int WAITING = 0;
  private static final int STREAMING = 1;
  private static final int FIRST_TOKEN_EXPIRED = 2;
  private static final int REQUEST_EXPIRED = 3;
  private static final int CASE_EXPIRED = 4;

  /** One daemon thread for the JVM: it only ever cancels calls, which is cheap. */
  private static final class Timer {
    static final ScheduledExecutorService INSTANCE =
        Executors.newSingleThreadScheduledExecutor(r -> {
          Thread t = new Thread(r, "llmh-request-timer");
          t.setDaemon(true);
          return t;
        });
  }

  private final AtomicInteger state = new AtomicInteger(WAITING);
  private final Timeouts timeouts;
  private final ScheduledFuture<?> firstToken;
  private final ScheduledFuture<?> deadline;

  private RequestWatch(Runnable cancel, Timeouts timeouts, long caseDeadlineNanos) {
    this.timeouts = timeouts;
    this.firstToken = schedule(cancel, FIRST_TOKEN_EXPIRED, timeouts.firstToken().toNanos());
    long requestNanos = timeouts.request().toNanos();
    long caseLeft = caseDeadlineNanos == ChatRequest.NO_DEADLINE ? Long.MAX_VALUE : caseDeadlineNanos - System.nanoTime();
    this.deadline =
        caseLeft < requestNanos
            ? schedule(cancel, CASE_EXPIRED, Math.max(0, caseLeft))
            : schedule(cancel, REQUEST_EXPIRED, requestNanos);
  }

  /** @param cancel ends the request at once, from the timer's thread */
  static RequestWatch start(Runnable cancel, Timeouts timeouts, long caseDeadlineNanos) {
    return new RequestWatch(cancel, timeouts, caseDeadlineNanos);
  }

  private ScheduledFuture<?> schedule(Runnable cancel, int expiry, long delayNanos) {
    return Timer.INSTANCE.schedule(
        () -> {
          if (state.compareAndSet(WAITING, expiry) || (expiry != FIRST_TOKEN_EXPIRED && state.compareAndSet(STREAMING, expiry))) {
            cancel.run();
          }
        },
        delayNanos, TimeUnit.NANOSECONDS);
  }

  /** Called on each text chunk; false when a deadline passed first (the chunk is too late). */
  boolean textArrived() {
    if (state.get() == WAITING && state.compareAndSet(WAITING, STREAMING)) {
      firstToken.cancel(false);
      return true;
    }
    return state.get() == STREAMING;
  }

  boolean expired() {
    return state.get() >= FIRST_TOKEN_EXPIRED;
  }

  void stop() {
    firstToken.cancel(false);
    deadline.cancel(false);
  }

  /** Why the call was cancelled; meaningful once {@link #expired()}. */
  String reason() {
    return switch (state.get()) {
      case FIRST_TOKEN_EXPIRED -> "first-token timeout: no text chunk within " + Durations.text(timeouts.firstToken())
          + " of sending (llmh.timeout.firstToken); the request was cancelled";
      case REQUEST_EXPIRED -> "request timeout: the response did not end within " + Durations.text(timeouts.request())
          + " of sending (llmh.timeout.request); the request was cancelled";
      case CASE_EXPIRED -> "case timeout: the case reached its deadline (llmh.timeout.case) with this request in flight;"
          + " the request was cancelled";
      default -> "not expired";
    };
  }
}
