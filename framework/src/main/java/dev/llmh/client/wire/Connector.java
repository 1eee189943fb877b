package dev.llmh.client.wire;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.resolver.NoopAddressResolverGroup;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Opens a connection to an {@link Origin}: the name resolved on the sending thread (never on the
 * loop, where a slow lookup would delay every stream's reads), TCP, the proxy's tunnel, then TLS
 * and its ALPN choice of HTTP/2 or HTTP/1.1 — each awaited within the one connect timeout. The
 * pipeline's first handler stamps every read: {@link ArrivalStamp}.
 */
final class Connector {
  /** Linux's epoll where its native library loads, else the JDK's selector: the same pipeline on either. */
  enum Io {
    EPOLL, NIO;

    IoHandlerFactory handler() {
      return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    Class<? extends Channel> channel() {
      return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }
  }

  static final Io IO = Epoll.isAvailable() ? Io.EPOLL : Io.NIO;

  /** Heap buffers: the chunk parsers read their arrays in place. */
  private static final PooledByteBufAllocator HEAP = new PooledByteBufAllocator(false);
  private static final int MAX_HEAD = 64 * 1024;
  private static final int MIN_READ = 16 * 1024;
  private static final int MAX_READ = 256 * 1024;
  /** Done once the connection's pipeline speaks its protocol: after TLS, when ALPN's choice configured it. */
  private static final AttributeKey<Promise<Void>> READY = AttributeKey.valueOf("llmh.ready");
  /** The steps of opening the connection, set by its opener before the connection exists. */
  private static final AttributeKey<Opening> OPENING = AttributeKey.valueOf("llmh.opening");
  /** An HTTP/2 connection's streams open or being opened. */
  private static final AttributeKey<AtomicInteger> STREAMS = AttributeKey.valueOf("llmh.streams");

  private final Origin origin;
  private final Bootstrap bootstrap;
  private final long connectNanos;

  /** A connection ready for requests, whether it speaks HTTP/2, and when each step of opening it ended. */
  record Opened(Channel channel, boolean http2, Opening opening) {}

  Connector(Origin origin, EventLoopGroup group, Consumer<Channel> reuse) {
    this.origin = origin;
    this.connectNanos = origin.connectTimeout().toNanos();
    long idleNanos = origin.idleTimeout().toNanos();
    this.bootstrap = new Bootstrap().group(group).channel(IO.channel())
        .resolver(NoopAddressResolverGroup.INSTANCE)
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.ALLOCATOR, HEAP)
        // never fewer bytes per read than a burst of events: the adaptive default shrinks to 64 after
        // small reads, and a write read in two pieces would stamp its events apart
        .option(ChannelOption.RCVBUF_ALLOCATOR, new AdaptiveRecvByteBufAllocator(MIN_READ, MIN_READ, MAX_READ))
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, origin.connectTimeout().toMillis()))
        .handler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            pipeline(ch, idleNanos, reuse);
          }
        });
  }

  /** The stamp first, the proxy's tunnel, TLS, then HTTP/1.1 or HTTP/2 as ALPN chooses. */
  private void pipeline(SocketChannel ch, long idleNanos, Consumer<Channel> reuse) {
    ArrivalStamp stamp = new ArrivalStamp();
    Opening opening = ch.attr(OPENING).get();
    Promise<Void> ready = ch.eventLoop().newPromise();
    ready.addListener(done -> opening.readyNanos = System.nanoTime());
    ch.attr(READY).set(ready);
    ch.attr(STREAMS).set(new AtomicInteger());
    ChannelPipeline p = ch.pipeline().addLast(stamp);
    if (origin.proxy() != null) {
      HttpProxyHandler proxy = new HttpProxyHandler(origin.proxy());
      proxy.setConnectTimeoutMillis(origin.connectTimeout().toMillis());
      proxy.connectFuture().addListener(done -> opening.connectedNanos = System.nanoTime());
      p.addLast(proxy);
    } else {
      p.addLast(new ConnectedStamp(opening));
    }
    if (origin.tls() == null) {
      http1(p, stamp, idleNanos, reuse);
      ready.setSuccess(null);
      return;
    }
    SslHandler tls = origin.tls().newHandler(ch.alloc(), origin.host(), origin.port());
    tls.setHandshakeTimeoutMillis(origin.connectTimeout().toMillis());
    p.addLast(tls, new ApplicationProtocolNegotiationHandler(ApplicationProtocolNames.HTTP_1_1) {
      @Override
      protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
          http2(ctx.pipeline(), ready);
        } else {
          http1(ctx.pipeline(), stamp, idleNanos, reuse);
          ready.setSuccess(null);
        }
      }
    });
  }

  /**
   * HTTP/2: each request opens a stream of the connection ({@link StreamingHttp}). Ready once the
   * server's first SETTINGS came, so that the streams a connection may carry are known before any
   * is opened.
   */
  private static void http2(ChannelPipeline p, Promise<Void> ready) {
    p.addLast(Http2FrameCodecBuilder.forClient().build(), new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()),
        new ChannelInboundHandlerAdapter() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http2SettingsFrame) {
              ready.trySuccess(null);
            }
            ReferenceCountUtil.release(msg); // the connection's own frames: nothing else reads them
          }
        });
  }

  /**
   * A new connection, ready for its first request; its failure is the exception a caller reports.
   *
   * @param startNanos the {@code t0} of the request it is opened for
   */
  Opened open(long startNanos) throws IOException, InterruptedException {
    long deadline = startNanos + connectNanos;
    Opening opening = new Opening(startNanos, origin.tls() != null);
    InetSocketAddress target = origin.proxy() != null
        ? InetSocketAddress.createUnresolved(origin.host(), origin.port()) // the proxy resolves it
        : new InetSocketAddress(origin.host(), origin.port());
    opening.resolvedNanos = origin.proxy() != null ? startNanos : System.nanoTime(); // through a proxy nothing was resolved
    if (origin.proxy() == null && target.isUnresolved()) {
      throw new UnknownHostException(origin.host());
    }
    Channel channel = null;
    try {
      ChannelFuture connected = bootstrap.clone().attr(OPENING, opening).connect(target);
      channel = connected.channel();
      await(connected, deadline, "connect timed out");
      if (origin.proxy() != null) {
        await(channel.pipeline().get(HttpProxyHandler.class).connectFuture(), deadline, "connect timed out: the proxy opened no tunnel");
      }
      boolean http2 = false;
      if (origin.tls() != null) {
        SslHandler tls = channel.pipeline().get(SslHandler.class);
        await(tls.handshakeFuture(), deadline, "connect timed out: the TLS handshake did not finish");
        http2 = ApplicationProtocolNames.HTTP_2.equals(tls.applicationProtocol());
      }
      // the handshake's waiter may wake before the loop has set the pipeline up for the protocol chosen
      await(channel.attr(READY).get(), deadline, "connect timed out: the connection was not set up (HTTP/2: no SETTINGS from the server)");
      return new Opened(channel, http2, opening);
    } catch (IOException | InterruptedException | RuntimeException e) {
      if (channel != null) {
        channel.close();
      }
      throw e;
    }
  }

  private static void http1(ChannelPipeline p, ArrivalStamp stamp, long idleNanos, Consumer<Channel> reuse) {
    p.addLast(new HttpClientCodec(new HttpDecoderConfig().setMaxHeaderSize(MAX_HEAD).setMaxInitialLineLength(MAX_HEAD),
        false, false));
    p.addLast(new ResponseHandler(stamp, idleNanos, reuse));
  }

  /**
   * Takes a place for one more stream on an HTTP/2 connection, if it has one: below the server's
   * {@code SETTINGS_MAX_CONCURRENT_STREAMS} counting the streams other senders are opening, and
   * not going away. {@link #releaseStream} gives it back when the stream closes.
   */
  static boolean reserveStream(Channel connection) {
    Http2FrameCodec codec = connection.pipeline().get(Http2FrameCodec.class);
    if (codec == null || codec.connection().goAwayReceived()) {
      return false;
    }
    int max = codec.connection().local().maxActiveStreams();
    AtomicInteger streams = connection.attr(STREAMS).get();
    for (int n = streams.get(); n < max; n = streams.get()) {
      if (streams.compareAndSet(n, n + 1)) {
        return true;
      }
    }
    return false;
  }

  static void releaseStream(Channel connection) {
    connection.attr(STREAMS).get().decrementAndGet();
  }

  /** The stamp of a connection's reads, for the streams of an HTTP/2 connection. */
  static ArrivalStamp stamp(Channel channel) {
    return channel.pipeline().get(ArrivalStamp.class);
  }

  /** Stamps the TCP connection's opening, first in its pipeline, then leaves it. */
  private static final class ConnectedStamp extends ChannelInboundHandlerAdapter {
    private final Opening opening;

    ConnectedStamp(Opening opening) {
      this.opening = opening;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      opening.connectedNanos = System.nanoTime();
      ctx.fireChannelActive();
      ctx.pipeline().remove(this);
    }
  }

  private static void await(Future<?> step, long deadline, String timedOut) throws IOException, InterruptedException {
    if (!step.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
      throw new SocketTimeoutException(timedOut);
    }
    if (!step.isSuccess()) {
      throw Failures.io(step.cause());
    }
  }
}
