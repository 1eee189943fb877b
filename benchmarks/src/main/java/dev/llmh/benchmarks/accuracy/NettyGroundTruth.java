package dev.llmh.benchmarks.accuracy;

import dev.llmh.client.LoopbackTls;
import dev.llmh.sim.ServedRequest;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The accuracy benchmark's ground truth over HTTPS and HTTP/2 (or plain HTTP/1.1), on Netty: the
 * schedule and log of {@link EventLoopServer} — first answer chunk at arrival + TTFT, then one per
 * ITL, {@code usage.prompt_tokens} = the request's number — with two threads: Netty's event loop,
 * which reads, decrypts, answers and writes, and a {@link Sender} that, when a chunk is due, hands
 * its write to the loop, where the chunk's time is taken just before it is written and flushed
 * (Netty's own timers wake on whole milliseconds). A request's arrival is the
 * socket read that brought its head, taken before TLS or HTTP looked at it.
 */
public final class NettyGroundTruth implements AutoCloseable {
  private static final long SPIN_NANOS = 250_000L;
  private static final Pattern MAX_TOKENS = Pattern.compile("\"max(?:_completion)?_tokens\"\\s*:\\s*(\\d+)");
  private static final String MODELS = "{\"object\":\"list\",\"data\":[{\"id\":\"any\",\"object\":\"model\","
      + "\"owned_by\":\"llmh-ground-truth\"}]}";

  private final long ttftNanos;
  private final long gapNanos;
  private final int tokens;
  private final EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final Channel listener;
  private final boolean tls;
  private final List<ServedRequest> served = new CopyOnWriteArrayList<>();
  private final Sender sender = new Sender("ground-truth-sender");
  private long requests; // the loop's

  /** One streamed response; the sender owns {@code scheduled}, the loop {@code sentAt} and {@code written}. */
  private final class Stream implements Sender.Due {
    final ChannelHandlerContext ctx;
    final long number;
    final long arrival;
    final int count;
    final int port;
    final String id;
    final long[] sentAt;
    int scheduled;
    int written;

    Stream(ChannelHandlerContext ctx, Channel connection, long arrival, int count) {
      this.ctx = ctx;
      this.number = ++requests;
      this.arrival = arrival;
      this.port = ((InetSocketAddress) connection.remoteAddress()).getPort();
      this.count = count;
      this.id = "\"id\":\"chatcmpl-gt-" + number + "\",\"object\":\"chat.completion.chunk\",\"created\":0,\"model\":\"any\"";
      this.sentAt = new long[count];
    }

    @Override
    public long due() {
      return arrival + ttftNanos + scheduled * gapNanos;
    }

    /** Hands chunk {@code scheduled} to the loop, which takes its time and writes it. */
    @Override
    public boolean fire() {
      int k = scheduled++;
      ctx.executor().execute(() -> send(this, k));
      return scheduled < count;
    }
  }

  /**
   * @param tls the server's TLS (with ALPN's protocols), or null for plain HTTP/1.1
   */
  private NettyGroundTruth(long ttftNanos, long gapNanos, int tokens, SslContext tls) throws InterruptedException {
    this.ttftNanos = ttftNanos;
    this.gapNanos = gapNanos;
    this.tokens = tokens;
    this.tls = tls != null;
    this.listener = new ServerBootstrap().group(loop).channel(NioServerSocketChannel.class)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            ReadStamp stamp = new ReadStamp();
            ch.pipeline().addLast(stamp);
            if (tls == null) {
              http1(ch.pipeline(), stamp);
              return;
            }
            LoopbackTls.negotiating(ch.pipeline(), tls, () -> new Answer(stamp, ch));
          }
        }).bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
  }

  /** Starts a server: first answer chunk {@code ttftNanos} after arrival, then one per {@code gapNanos}. */
  public static NettyGroundTruth start(long ttftNanos, long gapNanos, int tokens, SslContext tls) throws InterruptedException {
    NettyGroundTruth server = new NettyGroundTruth(ttftNanos, gapNanos, tokens, tls);
    server.sender.start();
    return server;
  }

  /** Its URL by the name its certificate carries ({@code localhost}), or by address when plain. */
  public String baseUrl() {
    int port = ((InetSocketAddress) listener.localAddress()).getPort();
    return (tls ? "https://localhost:" : "http://127.0.0.1:") + port + "/v1";
  }

  /** What was served so far, finished streams only, in the order they finished. */
  public List<ServedRequest> servedRequests() {
    return List.copyOf(served);
  }

  private void http1(ChannelPipeline pipeline, ReadStamp stamp) {
    pipeline.addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), new Answer(stamp, pipeline.channel()));
  }

  /** First in a connection's pipeline: when the read being handled returned. */
  private static final class ReadStamp extends ChannelInboundHandlerAdapter {
    long at;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      at = System.nanoTime();
      ctx.fireChannelRead(msg);
    }
  }

  /** Answers each whole request, on its connection's (or HTTP/2 stream's) channel. */
  private final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final ReadStamp stamp;
    private final Channel connection;

    Answer(ReadStamp stamp, Channel connection) {
      this.stamp = stamp;
      this.connection = connection;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      long arrival = stamp.at;
      String uri = request.uri();
      if (request.method().equals(HttpMethod.GET) && uri.endsWith("/models")) {
        ctx.writeAndFlush(whole(HttpResponseStatus.OK, "application/json", MODELS));
      } else if (!request.method().equals(HttpMethod.POST) || !uri.endsWith("/chat/completions")) {
        ctx.writeAndFlush(whole(HttpResponseStatus.NOT_FOUND, "text/plain", "not found"));
      } else {
        Matcher limit = MAX_TOKENS.matcher(request.content().toString(StandardCharsets.UTF_8));
        int count = limit.find() ? Math.min(tokens, Integer.parseInt(limit.group(1))) : tokens;
        Stream stream = new Stream(ctx, connection, arrival, count);
        DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream").set(HttpHeaderNames.CACHE_CONTROL, "no-cache")
            .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        ctx.write(head);
        ctx.writeAndFlush(event("{" + stream.id + ",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},"
            + "\"finish_reason\":null}]}"));
        sender.add(stream);
      }
    }
  }

  private static DefaultFullHttpResponse whole(HttpResponseStatus status, String type, String body) {
    DefaultFullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
        Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, type).setInt(HttpHeaderNames.CONTENT_LENGTH, body.length());
    return response;
  }

  private static DefaultHttpContent event(String data) {
    return new DefaultHttpContent(Unpooled.copiedBuffer("data: " + data + "\n\n", StandardCharsets.UTF_8));
  }

  /** On the loop: chunk {@code k}, its time taken just before its write; after the last, the ending and the log record. */
  private void send(Stream stream, int k) {
    ChannelHandlerContext ctx = stream.ctx;
    if (!ctx.channel().isActive()) {
      record(stream);
      return;
    }
    stream.sentAt[k] = System.nanoTime();
    ctx.writeAndFlush(event("{" + stream.id + ",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" t" + k
        + "\"},\"finish_reason\":null}]}"));
    stream.written = k + 1;
    if (stream.written == stream.count) {
      ctx.write(event("{" + stream.id + ",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\""
          + (stream.count < tokens ? "length" : "stop") + "\"}]}"));
      ctx.write(event("{" + stream.id + ",\"choices\":[],\"usage\":{\"prompt_tokens\":" + stream.number
          + ",\"completion_tokens\":" + stream.count + ",\"total_tokens\":" + (stream.number + stream.count) + "}}"));
      ctx.write(event("[DONE]"));
      ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
      record(stream);
    }
  }

  private void record(Stream stream) {
    if (stream.written < 0) {
      return; // recorded already
    }
    List<Long> chunkNanos = new ArrayList<>(stream.written);
    for (int k = 0; k < stream.written; k++) {
      chunkNanos.add(stream.sentAt[k]);
    }
    served.add(new ServedRequest(stream.number,
        new ServedRequest.Request("any", "/v1/chat/completions", true, stream.port, List.of()),
        new ServedRequest.Times(stream.arrival, stream.arrival, chunkNanos, System.nanoTime()),
        new ServedRequest.Outcome((int) stream.number, 0, stream.written, 0, stream.count < tokens ? "length" : "stop",
            stream.written < stream.count)));
    stream.written = -1;
  }

  @Override
  public void close() {
    sender.close();
    listener.close().syncUninterruptibly();
    loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
