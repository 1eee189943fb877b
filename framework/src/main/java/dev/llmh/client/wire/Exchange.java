package dev.llmh.client.wire;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;

/**
 * One request and its response on a {@link StreamingHttp} connection. The sending thread hands the
 * request over and waits; the event loop reads the response into the sink and ends the exchange,
 * exactly once; {@link #cancel} may come from any thread.
 */
public final class Exchange {
  final Request request;
  private final CountDownLatch ended = new CountDownLatch(1);
  volatile boolean cancelled;
  /** Ends the exchange on its connection's loop; set once the connection is known. */
  volatile Runnable abort;
  ResponseSink sink;
  long startNanos;
  private Ending ending;

  public Exchange(Request request) {
    this.request = request;
  }

  /** Ends the exchange as soon as possible: the connection is closed and the exchange fails as cancelled. */
  public void cancel() {
    cancelled = true;
    Runnable a = abort;
    if (a != null) {
      a.run();
    }
  }

  /** Called once, on the thread that ends the exchange; the sender sees it once {@link #release}d. */
  void end(long at, IOException failure, boolean headRead) {
    this.ending = new Ending(at, failure, headRead);
  }

  /**
   * Sets {@code t0} now, unless it was set before a connection was opened for the request: on the
   * event loop right before the request is written, so that the hand-over to the loop — the
   * harness's own delay, which a user's client would not have — is not counted as the server's.
   */
  void start() {
    if (startNanos == Long.MIN_VALUE) {
      startNanos = System.nanoTime();
    }
  }

  /** Wakes the sender, which from then on owns the sink and the outcome. */
  void release() {
    ended.countDown();
  }

  void await() throws InterruptedException {
    ended.await();
  }

  /** {@code t0}: before the connection was opened when it needed one, else right before the request was written. */
  public long startNanos() {
    return startNanos;
  }

  /** How it ended; read once {@link StreamingHttp#execute} has returned. */
  public Ending ending() {
    return ending;
  }

  /**
   * How an exchange ended.
   *
   * @param atNanos when: the arrival of the response's last bytes, or when it failed
   * @param failure why it failed, or null when the response was read (or the sink stopped it)
   * @param headRead true when the status line and headers had arrived: a failure after them is mid-stream
   */
  public record Ending(long atNanos, IOException failure, boolean headRead) {}
}
