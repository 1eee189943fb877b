package dev.llmh.client.wire;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.util.concurrent.FastThreadLocalThread;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.lang.management.ManagementFactory;
import java.net.SocketTimeoutException;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * HTTP to one origin — plain or TLS, HTTP/1.1 or HTTP/2 as ALPN settles it, directly or through a
 * proxy — for streamed responses: HTTP/1.1 connections kept alive in a pool, HTTP/2 streams on one
 * shared connection, and every response read by one Netty event loop that stamps each socket read
 * as it returns. A sender blocks until its response has ended, so concurrency is the number of
 * senders. Nothing is retried or redirected — a retried request would be timed as one — but a request
 * that found its kept-alive HTTP/1.1 connection closed before any response came, which never reached
 * a server that answered: it goes once more on a new connection, with that one's {@code t0}.
 */
public final class StreamingHttp implements AutoCloseable {
  private final Origin origin;
  private final EventLoopGroup group;
  private final Connector connector;
  private final Deque<Channel> idle = new ConcurrentLinkedDeque<>();
  /** HTTP/2 connections, each carrying as many streams as its server allows at once. */
  private final Deque<Channel> http2 = new ConcurrentLinkedDeque<>();
  private volatile Thread loopThread;

  public StreamingHttp(Origin origin) {
    this.origin = origin;
    this.group = new MultiThreadIoEventLoopGroup(1, runnable -> {
      Thread thread = new FastThreadLocalThread(runnable, "llmh-stream-reader " + origin);
      thread.setDaemon(true);
      loopThread = thread;
      return thread;
    }, Connector.IO.handler());
    this.connector = new Connector(origin, group, idle::addFirst); // most recently used first: the warmest is taken next
  }

  /**
   * Sends the exchange's request on a pooled connection, a stream of the HTTP/2 connection, or a new
   * connection, and blocks until its response has ended, failed, or been cancelled; {@code sink}
   * receives the response on the event loop meanwhile. Never throws: a failure is the exchange's.
   * An interrupt cancels it. A kept-alive connection found closed before any response came (stale)
   * costs the request one more try on a new connection; the time lost is in its {@code blocked}.
   */
  public void execute(Exchange exchange, ResponseSink sink) {
    exchange.calledNanos = System.nanoTime();
    exchange.sink = sink;
    attempt(exchange, true);
    if (exchange.stale) { // it never reached a server that answered: once more, on a new connection
      exchange.restart();
      attempt(exchange, false);
    }
  }

  private void attempt(Exchange exchange, boolean pooled) {
    Channel channel;
    try {
      channel = channel(exchange, pooled);
    } catch (IOException e) {
      exchange.start();
      exchange.end(System.nanoTime(), e, false);
      return;
    } catch (InterruptedException e) {
      exchange.start();
      exchange.end(System.nanoTime(), new IOException("Canceled: interrupted"), false);
      Thread.currentThread().interrupt();
      return;
    } // the loop never saw these: nothing to wait for
    exchange.connected = true;
    exchange.abort = () -> onLoop(channel, () -> handler(channel).fail(exchange, new IOException("Canceled")));
    FullHttpRequest request = request(exchange.request);
    if (!onLoop(channel, () -> handler(channel).begin(exchange, request))) {
      exchange.start();
      exchange.end(System.nanoTime(), new IOException("the client was closed"), false);
      return;
    }
    await(exchange);
  }

  /**
   * The connection (or HTTP/2 stream) for {@code exchange}, a kept-alive one only when {@code pooled};
   * sets its {@code t0} when it opened one.
   */
  private Channel channel(Exchange exchange, boolean pooled) throws IOException, InterruptedException {
    exchange.startNanos = Long.MIN_VALUE;
    for (Channel shared : pooled ? http2 : List.<Channel>of()) {
      if (!shared.isActive()) {
        http2.remove(shared);
      } else if (Connector.reserveStream(shared)) {
        exchange.http2 = true;
        return stream(shared);
      }
    }
    for (Channel c; pooled && (c = idle.pollFirst()) != null; ) {
      if (c.isActive()) {
        return c;
      }
    }
    exchange.startNanos = System.nanoTime(); // t0 includes opening the connection, as it would in production
    Connector.Opened opened = connector.open(exchange.startNanos);
    exchange.opening = opened.opening();
    exchange.http2 = opened.http2();
    if (!opened.http2()) {
      opened.channel().closeFuture().addListener(closed -> idle.remove(opened.channel()));
      return opened.channel();
    }
    Connector.reserveStream(opened.channel()); // a new connection has room: its server's limit is not known yet
    http2.addFirst(opened.channel());
    return stream(opened.channel());
  }

  /** A new stream of {@code connection}, whose place was reserved; the place is given back when it closes. */
  private Channel stream(Channel connection) throws IOException, InterruptedException {
    ArrivalStamp stamp = Connector.stamp(connection);
    long idleNanos = origin.idleTimeout().toNanos();
    Future<Http2StreamChannel> opened = new Http2StreamChannelBootstrap(connection)
        .handler(new ChannelInitializer<Http2StreamChannel>() {
          @Override
          protected void initChannel(Http2StreamChannel ch) {
            ch.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(false), new ResponseHandler(stamp, idleNanos, null));
          }
        }).open();
    try {
      if (!opened.await(origin.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        throw new SocketTimeoutException("connect timed out: no HTTP/2 stream could be opened");
      }
      if (!opened.isSuccess()) {
        throw Failures.io(opened.cause());
      }
    } catch (IOException | InterruptedException e) {
      opened.addListener(done -> { // once the open settles: a stream opened too late is closed unused
        if (done.isSuccess()) {
          opened.getNow().close();
        }
        Connector.releaseStream(connection);
      });
      throw e;
    }
    opened.getNow().closeFuture().addListener(closed -> Connector.releaseStream(connection));
    return opened.getNow();
  }

  private static ResponseHandler handler(Channel channel) {
    return channel.pipeline().get(ResponseHandler.class);
  }

  /** Runs {@code task} on the channel's loop; false when the loop is gone. */
  private static boolean onLoop(Channel channel, Runnable task) {
    try {
      channel.eventLoop().execute(task);
      return true;
    } catch (RejectedExecutionException e) {
      return false;
    }
  }

  private static FullHttpRequest request(Request r) {
    FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(r.method()), r.path(),
        r.body() == null ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(r.body()));
    HttpHeaders headers = request.headers();
    headers.set(HttpHeaderNames.HOST, r.authority()).set(HttpHeaderNames.USER_AGENT, "llmh");
    if (r.body() != null) {
      headers.set(HttpHeaderNames.CONTENT_TYPE, "application/json").setInt(HttpHeaderNames.CONTENT_LENGTH, r.body().length);
    }
    if (r.authorization() != null) {
      headers.set(HttpHeaderNames.AUTHORIZATION, r.authorization());
    }
    return request;
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

  /**
   * Reads {@code reads} as one HTTP/1.1 response through the handlers a connection reads with, on
   * the calling thread and without a socket: how the chunk path is compiled before the first
   * measured request, and how its cost is measured. The exchange's ending, or null when the reads
   * did not end the response.
   */
  public static Exchange.Ending replay(List<byte[]> reads, ResponseSink sink) {
    ArrivalStamp stamp = new ArrivalStamp();
    EmbeddedChannel channel = new EmbeddedChannel(stamp, new HttpClientCodec(), new ResponseHandler(stamp, Long.MAX_VALUE, c -> { }));
    Exchange exchange = new Exchange(new Request("POST", "/", "replay", null, new byte[0]));
    exchange.sink = sink;
    exchange.startNanos = System.nanoTime();
    handler(channel).begin(exchange, request(exchange.request));
    channel.releaseOutbound();
    for (byte[] read : reads) {
      if (channel.isActive()) {
        channel.pipeline().fireChannelRead(Unpooled.wrappedBuffer(read)); // as a socket's read is fired, without the embedded channel's own queueing
      }
    }
    channel.runPendingTasks();
    channel.finishAndReleaseAll();
    return exchange.ending();
  }

  /** A whole response: its status, content type and body. */
  public record Whole(int code, String contentType, byte[] body) {}

  /**
   * One request whose whole answer is wanted (a listing, a probe), within {@code limit} from start
   * to end; a body over {@code maxBytes} is a failure, not cut short.
   *
   * @throws InterruptedIOException when the limit passed first
   */
  public Whole fetch(Request request, Duration limit, int maxBytes) throws IOException {
    Exchange exchange = new Exchange(request);
    Collected sink = new Collected(maxBytes);
    AtomicBoolean late = new AtomicBoolean();
    ScheduledFuture<?> timer = group.schedule(() -> {
      late.set(true);
      exchange.cancel();
    }, limit.toNanos(), TimeUnit.NANOSECONDS);
    execute(exchange, sink);
    timer.cancel(false);
    if (late.get()) {
      throw new InterruptedIOException("timed out after " + limit.toMillis() + " ms");
    }
    if (exchange.ending().failure() != null) {
      throw exchange.ending().failure();
    }
    if (!sink.complete) {
      throw new IOException("the response is larger than " + maxBytes + " bytes");
    }
    return new Whole(sink.head.code(), sink.head.contentType(), sink.body.toByteArray());
  }

  /** The network's round trip to the origin, or to its proxy: a few TCP connects, nothing sent. */
  public RoundTrip roundTrip() {
    return RoundTrip.measure(origin);
  }

  /** CPU time so far of the thread that reads every response. */
  public long readerCpuNanos() {
    Thread thread = loopThread;
    long nanos = thread == null ? 0 : ManagementFactory.getThreadMXBean().getThreadCpuTime(thread.getId());
    return Math.max(0, nanos); // -1 where the JVM does not measure thread CPU
  }

  /** How many HTTP/1.1 connections wait in the pool. */
  public int idleConnections() {
    return idle.size();
  }

  @Override
  public void close() {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
  }
}
