package dev.llmh.client.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Last in a connection's pipeline (or an HTTP/2 stream's): the decoded response of the exchange in
 * flight into its sink, each piece with the arrival of the read that brought it, and the exchange
 * ended exactly once — read, stopped by the sink, cut, timed out or cancelled. Runs on the
 * connection's event loop only.
 */
final class ResponseHandler extends ChannelInboundHandlerAdapter {
  private final ArrivalStamp stamp;
  private final long idleNanos;
  /** Takes the connection back once a response left it reusable; null for an HTTP/2 stream, used once. */
  private final Consumer<Channel> reuse;
  private ChannelHandlerContext ctx;
  private Exchange exchange;
  private boolean headRead;
  /** Anything read since the exchange began: a response had started. */
  private boolean readSince;
  private boolean interim;
  private boolean closeDelimited;
  private boolean keepAlive;
  private long lastActivity;
  private byte[] scratch = new byte[0];

  ResponseHandler(ArrivalStamp stamp, long idleNanos, Consumer<Channel> reuse) {
    this.stamp = stamp;
    this.idleNanos = idleNanos;
    this.reuse = reuse;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  /** Starts {@code e} on this connection: its request is written, and its silence watched from its start. */
  void begin(Exchange e, Object request) {
    e.start();
    exchange = e;
    headRead = false;
    readSince = false;
    interim = false;
    closeDelimited = false;
    keepAlive = true;
    lastActivity = e.startNanos();
    if (e.cancelled) {
      fail(e, new IOException("Canceled")); // a cancel that came before the connection was known
      return;
    }
    long before = System.nanoTime();
    if (pooled(e) && !ctx.channel().isActive()) { // closed while idle in the pool, after it was taken
      end(e, new IOException("the kept-alive connection was closed"), System.nanoTime(), false, true);
      return;
    }
    ctx.writeAndFlush(request).addListener(written -> {
      if (!written.isSuccess()) {
        end(e, Failures.io(written.cause()), System.nanoTime(), false, pooled(e) && !readSince);
      }
    });
    // On the loop the write runs down the pipeline to the socket before returning, and the socket's
    // flush is stamped as it begins; the write's promise is no stamp of it: under TLS it may complete
    // only with the server's next record, tens of ms later.
    e.writtenNanos = stamp.flushed() >= before ? stamp.flushed() : System.nanoTime();
    watchIdle(e, idleNanos);
  }

  /** True when {@code e} went on an HTTP/1.1 connection kept alive from an earlier request. */
  private boolean pooled(Exchange e) {
    return reuse != null && e.opening == null;
  }

  /** Ends {@code e} with {@code failure} now, if it is still in flight here. */
  void fail(Exchange e, IOException failure) {
    end(e, failure, System.nanoTime(), false, false);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    Exchange e = exchange;
    try {
      if (e == null) {
        ctx.close(); // an idle connection sending what nobody asked for
        return;
      }
      lastActivity = stamp.at();
      readSince = true;
      if (msg instanceof HttpObject o && o.decoderResult().isFailure()) {
        end(e, decodeFailure(o.decoderResult().cause()), stamp.at(), false, false);
      } else {
        if (msg instanceof HttpResponse r) {
          head(e, r);
        }
        if (msg instanceof HttpContent c && exchange == e) { // both at once: HTTP/2 headers that end the stream
          content(e, c);
        }
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private void head(Exchange e, HttpResponse r) {
    int code = r.status().code();
    if (code < 200) {
      interim = true; // 100 Continue: the real response follows its (empty) end
      return;
    }
    headRead = true;
    e.headNanos = stamp.at();
    keepAlive = HttpUtil.isKeepAlive(r);
    closeDelimited = reuse != null && code != 204 && code != 304
        && !HttpUtil.isTransferEncodingChunked(r) && !HttpUtil.isContentLengthSet(r);
    String encoding = r.headers().get(HttpHeaderNames.CONTENT_ENCODING);
    ResponseHead head = new ResponseHead(code, r.headers().get(HttpHeaderNames.CONTENT_TYPE),
        r.headers().get(HttpHeaderNames.RETRY_AFTER), "identity".equalsIgnoreCase(encoding) ? null : encoding);
    if (!e.sink.head(head, stamp.at())) {
      end(e, null, stamp.at(), false, false);
    }
  }

  private void content(Exchange e, HttpContent c) {
    if (interim) {
      interim = !(c instanceof LastHttpContent);
      return;
    }
    long at = stamp.at();
    ByteBuf bytes = c.content();
    if (bytes.isReadable() && (!body(e, bytes, at) || closeDelimited && e.sink.ended())) {
      // stopped by the sink, or a close-delimited body whose stream said it is over: the close
      // that would end it may come a while later and is no part of the answer
      end(e, null, at, false, false);
      return;
    }
    if (c instanceof LastHttpContent) {
      e.sink.end(at);
      end(e, null, at, keepAlive && !closeDelimited, false);
    }
  }

  /** The bytes to the sink as they lie in the read's buffer: heap buffers are read in place, never copied. */
  private boolean body(Exchange e, ByteBuf bytes, long at) {
    int n = bytes.readableBytes();
    if (bytes.hasArray()) {
      return e.sink.body(bytes.array(), bytes.arrayOffset() + bytes.readerIndex(), n, at);
    }
    if (scratch.length < n) {
      scratch = new byte[Math.max(n, 2 * scratch.length)];
    }
    bytes.getBytes(bytes.readerIndex(), scratch, 0, n);
    return e.sink.body(scratch, 0, n, at);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    Exchange e = exchange;
    if (e != null) {
      end(e, new EOFException(headRead ? "unexpected end of stream: the connection closed mid-body"
          : "unexpected end of stream: the connection closed before the response headers ended"), System.nanoTime(), false,
          pooled(e) && !readSince);
    }
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Exchange e = exchange;
    if (e != null) {
      fail(e, Failures.io(cause));
    } else {
      ctx.close();
    }
  }

  private static IOException decodeFailure(Throwable cause) {
    if (cause instanceof PrematureChannelClosureException) {
      return new EOFException("unexpected end of stream: the connection closed before the response headers ended");
    }
    return new ProtocolException("malformed HTTP response: " + cause.getMessage());
  }

  /** The idle timeout: an exchange that received nothing for that long fails, as a socket read timeout would. */
  private void watchIdle(Exchange e, long delayNanos) {
    ctx.executor().schedule(() -> {
      if (exchange != e) {
        return;
      }
      long now = System.nanoTime();
      long quiet = now - lastActivity;
      if (quiet >= idleNanos) {
        end(e, new SocketTimeoutException("Read timed out"), now, false, false);
      } else {
        watchIdle(e, idleNanos - quiet);
      }
    }, delayNanos, TimeUnit.NANOSECONDS);
  }

  /**
   * Ends {@code e} once ({@code stale}: to be sent again, see {@link Exchange#stale}): the connection
   * goes back to the pool or is closed, and the sender is woken
   * by a task, which the loop runs once every socket ready now was read and stamped: a woken sender
   * takes a core for its bookkeeping, and a read stamped meanwhile would be stamped late.
   */
  private void end(Exchange e, IOException failure, long at, boolean reusable, boolean stale) {
    if (exchange != e) {
      return;
    }
    exchange = null;
    e.stale = stale && !e.cancelled;
    e.end(at, failure, headRead);
    if (reusable && reuse != null) {
      reuse.accept(ctx.channel());
    } else {
      ctx.close();
    }
    try {
      ctx.executor().execute(e::release);
    } catch (RejectedExecutionException closing) {
      e.release();
    }
  }
}
