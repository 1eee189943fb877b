package dev.llmh.client.wire;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Plain HTTP/1.1 to one host, for streamed responses: kept-alive connections in a pool, each request
 * written by the thread that sends it, every response read by one {@link EventLoop} that stamps
 * each socket read as it returns. A sender blocks until its response has ended, so concurrency is
 * still the number of senders. Nothing is retried or redirected: a retried request would be timed
 * as one.
 */
public final class StreamingHttp implements AutoCloseable {
  private static final long WRITE_PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

  private final String host;
  private final int port;
  private final Duration connectTimeout;
  private final Deque<Connection> idle = new ConcurrentLinkedDeque<>();
  private final EventLoop loop;

  /**
   * @param connectTimeout for opening a connection, and for writing a request the server does not read
   * @param idleTimeout the longest silence on a response in flight
   */
  public StreamingHttp(String host, int port, Duration connectTimeout, Duration idleTimeout) {
    this.host = host;
    this.port = port;
    this.connectTimeout = connectTimeout;
    try {
      this.loop = new EventLoop("llmh-stream-reader " + host + ":" + port, idle, idleTimeout.toNanos());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open a selector for the streaming client", e);
    }
  }

  /**
   * Sends the exchange's request on a pooled connection (or a new one) and blocks until its
   * response has ended, failed, or been cancelled; {@code sink} receives the response on the
   * event loop meanwhile. Never throws: a failure is the exchange's. An interrupt cancels it.
   */
  public void execute(Exchange exchange, ResponseSink sink) {
    exchange.sink = sink;
    Connection c = pooled();
    if (c == null) {
      exchange.startNanos = System.nanoTime(); // t0 includes opening the connection, as it would in production
      try {
        c = open();
      } catch (IOException e) {
        exchange.end(System.nanoTime(), e, false);
        return;
      } catch (InterruptedException e) {
        exchange.end(System.nanoTime(), new IOException("Canceled: interrupted"), false);
        Thread.currentThread().interrupt();
        return;
      } // the loop never saw these: nothing to wait for
    } else {
      exchange.startNanos = Long.MIN_VALUE;
    }
    c.exchange = exchange;
    exchange.connection = c;
    if (exchange.cancelled) {
      c.loop.abort(c, exchange); // a cancel that came before the connection was known
    } else {
      if (exchange.startNanos == Long.MIN_VALUE) {
        exchange.startNanos = System.nanoTime(); // as late as possible before the request's first byte
      }
      c.lastActivity = exchange.startNanos;
      try {
        write(c, exchange);
      } catch (IOException e) {
        c.loop.fail(c, exchange, e);
      }
    }
    await(exchange);
  }

  private static void await(Exchange exchange) {
    boolean interrupted = false;
    for (;;) {
      try {
        exchange.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
        exchange.cancel(); // the loop ends it promptly; its sink must not be read before then
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private Connection pooled() {
    for (Connection c; (c = idle.pollFirst()) != null; ) {
      if (c.channel.isOpen()) {
        return c;
      }
    }
    return null;
  }

  private Connection open() throws IOException, InterruptedException {
    InetSocketAddress address = new InetSocketAddress(host, port);
    if (address.isUnresolved()) {
      throw new UnknownHostException(host);
    }
    SocketChannel channel = SocketChannel.open();
    try {
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
      channel.socket().connect(address, (int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()));
      channel.configureBlocking(false);
      Connection c = new Connection(channel, loop);
      loop.register(c);
      return c;
    } catch (IOException | InterruptedException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /** Writes the whole request; a server that stops reading it for the connect timeout fails it. */
  private void write(Connection c, Exchange exchange) throws IOException {
    ByteBuffer out = ByteBuffer.wrap(exchange.request);
    long deadline = System.nanoTime() + connectTimeout.toNanos();
    while (out.hasRemaining()) {
      if (c.channel.write(out) == 0) {
        if (exchange.cancelled) {
          throw new IOException("Canceled");
        }
        if (System.nanoTime() - deadline > 0) {
          throw new SocketTimeoutException("write timed out: the server did not read the request");
        }
        LockSupport.parkNanos(WRITE_PAUSE_NANOS);
      }
    }
  }

  /** CPU time so far of the thread that reads every response. */
  public long readerCpuNanos() {
    return loop.cpuNanos();
  }

  /** How many connections wait in the pool. */
  public int idleConnections() {
    return idle.size();
  }

  @Override
  public void close() {
    loop.close();
  }
}
