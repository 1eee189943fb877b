package dev.llmh.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
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
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.net.ssl.KeyManagerFactory;

/**
 * A server on loopback that answers every POST with one protocol's synthetic stream over HTTPS,
 * HTTP/2 offered first: what the client's warm-up sends to before an HTTPS endpoint's first case,
 * so that TLS, HTTP/2's framing and the stream's parsing run compiled from the first measured
 * request. Cold, they added about 1 ms to each of the first hundred TTFTs over HTTPS and HTTP/2
 * (docs/benchmarks.md).
 *
 * <p>Its key is the project's own, self-signed for {@code localhost} and bundled with the
 * framework ({@code keytool -genkeypair -alias warm-up -keyalg EC -groupname secp256r1 -dname
 * CN=localhost -ext SAN=dns:localhost -validity 36500 -storetype PKCS12 -storepass warm-up}): it
 * never leaves this JVM, and only the warm-up's own client trusts it.
 */
public final class LoopbackTls implements AutoCloseable {
  private static final String STORE = "warm-up.p12";
  private static final String PASSWORD = "warm-up";

  private final EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final Channel listener;
  private final EndpointHttp.Synthetic answer;
  private final Path trust;

  private LoopbackTls(EndpointHttp.Synthetic answer) throws IOException, GeneralSecurityException, InterruptedException {
    this.answer = answer;
    this.trust = Files.createTempFile("llmh-warm-up", ".pem");
    trust.toFile().deleteOnExit();
    try (InputStream pem = resource("warm-up.pem")) {
      Files.write(trust, pem.readAllBytes());
    }
    SslContext tls = serverTls();
    this.listener = new ServerBootstrap().group(loop).channel(NioServerSocketChannel.class)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            negotiating(ch.pipeline(), tls, Answer::new);
          }
        }).bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
  }

  /** A server answering with {@code client}'s synthetic stream of {@code chunks} chunks, or none for a client of another kind. */
  public static Optional<LoopbackTls> answering(ProtocolClient client, int chunks) {
    if (!(client instanceof HttpProtocolClient http)) {
      return Optional.empty();
    }
    try {
      return Optional.of(new LoopbackTls(http.stream().synthetic(chunks)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the warm-up's TLS key could not be loaded: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting the TLS warm-up server", e);
    }
  }

  /** Its root URL, by the name its certificate carries. */
  public String rootUrl() {
    return "https://localhost:" + ((InetSocketAddress) listener.localAddress()).getPort();
  }

  /** What a client of this server trusts: its certificate alone. */
  public Network network() {
    return new Network(Optional.of(trust), Optional.empty());
  }

  private static SslContext serverTls() throws IOException, GeneralSecurityException {
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = resource(STORE)) {
      keys.load(in, PASSWORD.toCharArray());
    }
    KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    factory.init(keys, PASSWORD.toCharArray());
    return SslContextBuilder.forServer(factory).applicationProtocolConfig(new ApplicationProtocolConfig(
        ApplicationProtocolConfig.Protocol.ALPN, ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, ApplicationProtocolNames.HTTP_2,
        ApplicationProtocolNames.HTTP_1_1)).build();
  }

  private static InputStream resource(String name) throws IOException {
    InputStream in = LoopbackTls.class.getResourceAsStream(name);
    if (in == null) {
      throw new IOException(name + " is missing from the framework's jar");
    }
    return in;
  }

  /**
   * Ends an HTTPS server's {@code pipeline}: TLS, then by ALPN HTTP/2 (each stream a channel of its
   * own) or HTTP/1.1, each request whole to a new {@code answer}. The accuracy benchmark's ground
   * truth serves HTTPS this way too.
   */
  public static void negotiating(ChannelPipeline pipeline, SslContext tls, Supplier<ChannelHandler> answer) {
    pipeline.addLast(tls.newHandler(pipeline.channel().alloc()), new ApplicationProtocolNegotiationHandler(ApplicationProtocolNames.HTTP_1_1) {
      @Override
      protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (!ApplicationProtocolNames.HTTP_2.equals(protocol)) {
          ctx.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), answer.get());
          return;
        }
        ctx.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(), new Http2MultiplexHandler(new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel stream) {
            stream.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(true), new HttpObjectAggregator(1 << 20), answer.get());
          }
        }));
      }
    });
  }

  /** Every POST: the synthetic stream, an event per write; anything else: 404. */
  private final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      if (!request.method().equals(HttpMethod.POST)) {
        DefaultFullHttpResponse missing = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_FOUND);
        missing.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        ctx.writeAndFlush(missing);
        return;
      }
      DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
      head.headers().set(HttpHeaderNames.CONTENT_TYPE, answer.contentType())
          .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
      ctx.write(head);
      for (String frame : answer.frames()) {
        ctx.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(frame, StandardCharsets.UTF_8)));
      }
      ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    }
  }

  @Override
  public void close() {
    listener.close().syncUninterruptibly();
    loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    try {
      Files.deleteIfExists(trust);
    } catch (IOException e) {
      // left for deleteOnExit
    }
  }
}
