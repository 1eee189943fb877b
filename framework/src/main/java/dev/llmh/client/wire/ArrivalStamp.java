package dev.llmh.client.wire;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;

/**
 * First in a connection's pipeline, next to the socket: the time each socket read returned, taken
 * before TLS, HTTP or the stream's own framing has looked at a byte, which every piece decoded from
 * that read carries; and the time of the latest flush to the socket, when whatever was written before
 * it — encrypted, framed — is handed to the operating system. Read and written on the connection's
 * event loop only.
 */
final class ArrivalStamp extends ChannelDuplexHandler {
  private long at = Long.MIN_VALUE;
  private long flushed = Long.MIN_VALUE;

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    at = System.nanoTime();
    ctx.fireChannelRead(msg);
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    flushed = System.nanoTime();
    ctx.flush();
  }

  /** When the read being decoded arrived; before the first read, {@link Long#MIN_VALUE}. */
  long at() {
    return at;
  }

  /** When the latest flush reached the socket; before the first, {@link Long#MIN_VALUE}. */
  long flushed() {
    return flushed;
  }
}
