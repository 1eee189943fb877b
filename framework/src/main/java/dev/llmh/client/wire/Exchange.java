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
  private CountDownLatch ended = new CountDownLatch(1);
  volatile boolean cancelled;
  /** Ends the exchange on its connection's loop; set once the connection is known. */
  volatile Runnable abort;
  ResponseSink sink;
  /** When the sender handed the request over. */
  long calledNanos;
  long startNanos;
  /** The steps of the connection this request opened, or null when it went on one already open. */
  Opening opening;
  /** True once a connection (or HTTP/2 stream) was had for the request. */
  boolean connected;
  boolean http2;
  /** Stamped on the loop: the request's last byte written, the response's head read; 0 until then. */
  long writtenNanos;
  long headNanos;
  /**
   * Set by the loop: the exchange ended on a kept-alive HTTP/1.1 connection that was closed before
   * anything of a response came — closed while idle in the pool, or as the request went out — so
   * the request is sent once more on a new connection, as any HTTP client does with a stale one.
   */
  boolean stale;
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

  /** Ready to be sent again after it ended {@link #stale}: nothing of a response came, so the sink saw nothing. */
  void restart() {
    ended = new CountDownLatch(1); // the ending and the abort are set anew by the next attempt
    stale = connected = http2 = false;
    opening = null;
    writtenNanos = headNanos = 0;
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
   * Where the request's time went, once it has ended ({@link StreamingHttp#execute} returned); null
   * when it never had a connection (its failure says why).
   */
  public HttpPhases phases() {
    if (!connected || startNanos == Long.MIN_VALUE) {
      return null;
    }
    long usable = opening == null ? startNanos : opening.usableNanos();
    double dns = opening == null ? 0 : ms(opening.resolvedNanos - opening.startNanos);
    double connect = opening == null ? 0 : ms(opening.connectedNanos - opening.resolvedNanos);
    double tls = opening == null || !opening.tls ? 0 : ms(opening.readyNanos - opening.connectedNanos);
    Double sending = writtenNanos == 0 ? null : ms(writtenNanos - usable);
    Double waiting = headNanos == 0 || writtenNanos == 0 ? null : ms(headNanos - writtenNanos);
    Double receiving = headNanos == 0 ? null : ms(ending.atNanos() - headNanos);
    return new HttpPhases(Math.max(0, ms(startNanos - calledNanos)), dns, connect, tls, sending, waiting, receiving,
        opening == null, http2 ? "2" : "1.1");
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
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
