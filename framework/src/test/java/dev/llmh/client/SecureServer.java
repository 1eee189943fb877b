package dev.llmh.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;

/**
 * An HTTPS server for the client's tests, on Netty: a self-signed certificate that {@code keytool}
 * makes for {@code localhost} (not for 127.0.0.1), HTTP/2 or HTTP/1.1 as ALPN settles, and every
 * request answered, {@code pauseMillis} after it was read, with an event stream's head, then its
 * pieces one by one, {@code pauseMillis} apart, each write's time noted before it: the ground truth
 * a chunk's stamp, and a request's phases, are checked against. With
 * {@link Cut}, it breaks the stream after its first piece the way a server or a gateway does.
 */
final class SecureServer implements AutoCloseable {
  /**
   * How the stream ends: whole; after its first piece, its HTTP/2 stream reset or the connection
   * closed (HTTP/2: a GOAWAY first); or the connection closed after the last piece, with no end of the
   * body; or (HTTP/1.1) whole, but a kept-alive connection's next request closes it unanswered.
   */
  enum Cut { NONE, RESET_STREAM, CLOSE_CONNECTION, CLOSE_AFTER_LAST, CLOSE_REUSED }

  /**
   * One answered request: its protocol, when the whole request had been read, when the response's
   * head was written (a pause later), and when each piece's write began (the first a pause after the head).
   */
  record Served(String protocol, Channel connection, long received, long[] head, List<Long> written) {}

  private static final String PASSWORD = "changeit";
  private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final Channel server;
  final List<Served> served = new CopyOnWriteArrayList<>();
  final Set<Channel> connections = ConcurrentHashMap.newKeySet();
  private final boolean plain;

  /**
   * @param certificate the server's key store, from {@link #certificate}; null for plain HTTP
   * @param protocols what the server offers by ALPN, in its order of preference
   */
  SecureServer(Path certificate, List<String> protocols, List<String> pieces, long pauseMillis, Cut cut) throws Exception {
    this(certificate, protocols, pieces, pauseMillis, cut, Integer.MAX_VALUE);
  }

  /** @param maxStreams the HTTP/2 streams a connection may carry at once ({@code SETTINGS_MAX_CONCURRENT_STREAMS}) */
  SecureServer(Path certificate, List<String> protocols, List<String> pieces, long pauseMillis, Cut cut, long maxStreams)
      throws Exception {
    plain = certificate == null;
    SslContext tls = certificate == null ? null : serverTls(certificate, protocols);
    server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            connections.add(ch);
            if (tls == null) {
              ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), new Answer("http/1.1", ch, pieces, pauseMillis, cut));
              return;
            }
            ch.pipeline().addLast(tls.newHandler(ch.alloc()), new ApplicationProtocolNegotiationHandler(ApplicationProtocolNames.HTTP_1_1) {
              @Override
              protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
                Answer answer = new Answer(protocol, ch, pieces, pauseMillis, cut);
                if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
                  ctx.pipeline().addLast(Http2FrameCodecBuilder.forServer()
                      .initialSettings(Http2Settings.defaultSettings().maxConcurrentStreams(maxStreams)).build(),
                      new Http2MultiplexHandler(
                      new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel stream) {
                          stream.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(true), new HttpObjectAggregator(1 << 20),
                              new Answer(protocol, ch, pieces, pauseMillis, cut));
                        }
                      }));
                } else {
                  ctx.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), answer);
                }
              }
            });
          }
        }).bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
  }

  int port() {
    return ((InetSocketAddress) server.localAddress()).getPort();
  }

  /** Plain HTTP/1.1, no certificate: the same answers. */
  static SecureServer plain(List<String> pieces, long pauseMillis, Cut cut) throws Exception {
    return new SecureServer(null, List.of(), pieces, pauseMillis, cut);
  }

  /** The base URL a client reaches it by: {@code localhost}, the name its certificate carries. */
  String url() {
    return (plain ? "http" : "https") + "://localhost:" + port() + "/v1";
  }

  /**
   * A key store for a self-signed {@code localhost} certificate, made by the JDK's {@code keytool} in
   * {@code dir}, and beside it the certificate alone as PEM ({@code server.pem}): what a user gives as
   * {@code llmh.tls.trust}.
   */
  static Path certificate(Path dir) throws Exception {
    Path store = dir.resolve("server.p12");
    keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
        "-ext", "SAN=dns:localhost", "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
        "-storepass", PASSWORD, "-keypass", PASSWORD);
    keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", store.toString(), "-storepass", PASSWORD,
        "-file", dir.resolve("server.pem").toString());
    return store;
  }

  /**
   * A PKCS#12 trust store without a password holding the certificate of {@link #certificate}: as
   * {@code keytool} makes one when told to protect neither the certificates nor the store.
   */
  static Path trustStore(Path dir) throws Exception {
    Path store = dir.resolve("trust.p12");
    keytool("-J-Dkeystore.pkcs12.certProtectionAlgorithm=NONE", "-J-Dkeystore.pkcs12.macAlgorithm=NONE", "-importcert",
        "-noprompt", "-alias", "server", "-file", dir.resolve("server.pem").toString(), "-storetype", "PKCS12",
        "-keystore", store.toString(), "-storepass", PASSWORD);
    return store;
  }

  private static void keytool(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IllegalStateException("keytool " + String.join(" ", args) + " failed: " + output);
    }
  }

  private static SslContext serverTls(Path store, List<String> protocols) throws Exception {
    KeyStore keys = KeyStore.getInstance(store.toFile(), PASSWORD.toCharArray());
    KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    factory.init(keys, PASSWORD.toCharArray());
    return SslContextBuilder.forServer(factory)
        .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, protocols))
        .build();
  }

  /** Answers each whole request with the pieces, on the connection's (or HTTP/2 stream's) loop. */
  private final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final String protocol;
    private final Channel connection;
    private final List<String> pieces;
    private final long pauseMillis;
    private final Cut cut;
    /** Requests this connection (HTTP/1.1) or stream answered. */
    private int answered;

    Answer(String protocol, Channel connection, List<String> pieces, long pauseMillis, Cut cut) {
      this.protocol = protocol;
      this.connection = connection;
      this.pieces = pieces;
      this.pauseMillis = pauseMillis;
      this.cut = cut;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      if (cut == Cut.CLOSE_REUSED && answered++ > 0) {
        connection.close();
        return;
      }
      long received = System.nanoTime();
      List<Long> written = new CopyOnWriteArrayList<>();
      long[] headWritten = new long[1];
      served.add(new Served(protocol, connection, received, headWritten, written));
      DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
      head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream")
          .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
      ctx.executor().schedule(() -> {
        headWritten[0] = System.nanoTime();
        ctx.writeAndFlush(head);
        ctx.executor().schedule(() -> write(ctx, written, 0), pauseMillis, TimeUnit.MILLISECONDS);
      }, pauseMillis, TimeUnit.MILLISECONDS);
    }

    private void write(ChannelHandlerContext ctx, List<Long> written, int i) {
      if (i == pieces.size()) {
        if (cut == Cut.CLOSE_AFTER_LAST) {
          connection.close();
        } else {
          ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        }
        return;
      }
      if (i == 1 && (cut == Cut.RESET_STREAM || cut == Cut.CLOSE_CONNECTION)) {
        (cut == Cut.RESET_STREAM ? ctx.channel() : connection).close();
        return;
      }
      written.add(System.nanoTime());
      ctx.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(pieces.get(i), StandardCharsets.UTF_8)));
      ctx.executor().schedule(() -> write(ctx, written, i + 1), pauseMillis, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void close() {
    server.close().syncUninterruptibly();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
