package dev.llmh.client;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Call;

/**
 * Cancels a call whose first text chunk has not arrived within the first-token timeout. OkHttp's
 * read timeout cannot do this: a server that sends a role-only chunk, or keeps the connection busy
 * with comments, never goes silent, yet never answers. One scheduled task per request, none per
 * chunk; whichever comes first, the first text chunk or the deadline, wins.
 */
final class FirstTokenWatch {
  private static final int WAITING = 0;
  private static final int SEEN = 1;
  private static final int EXPIRED = 2;

  /** One daemon thread for the JVM: it only ever cancels calls, which is cheap. */
  private static final class Timer {
    static final ScheduledExecutorService INSTANCE =
        Executors.newSingleThreadScheduledExecutor(r -> {
          Thread t = new Thread(r, "llmh-first-token-timer");
          t.setDaemon(true);
          return t;
        });
  }

  private final AtomicInteger state = new AtomicInteger(WAITING);
  private final Duration timeout;
  private final ScheduledFuture<?> task;

  private FirstTokenWatch(Call call, Duration timeout) {
    this.timeout = timeout;
    this.task =
        Timer.INSTANCE.schedule(
            () -> {
              if (state.compareAndSet(WAITING, EXPIRED)) {
                call.cancel();
              }
            },
            timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  static FirstTokenWatch start(Call call, Duration timeout) {
    return new FirstTokenWatch(call, timeout);
  }

  /** Called on each text chunk; false when the deadline passed first (the chunk is too late). */
  boolean textArrived() {
    int now = state.get();
    if (now == WAITING && state.compareAndSet(WAITING, SEEN)) {
      task.cancel(false);
      return true;
    }
    return state.get() == SEEN;
  }

  boolean expired() {
    return state.get() == EXPIRED;
  }

  void stop() {
    task.cancel(false);
  }

  String reason() {
    return "first-token timeout: no text chunk within " + Durations.text(timeout)
        + " of sending (llmh.timeout.firstToken); the request was cancelled";
  }
}
