package dev.llmh.client.wire;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * First in a connection's pipeline: the time each socket read returned, taken before TLS, HTTP or
 * the stream's own framing has looked at a byte. Every piece decoded from that read carries it.
 * Read and written on the connection's event loop only.
 */
final class ArrivalStamp extends ChannelInboundHandlerAdapter {
  private long at = Long.MIN_VALUE;

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    at = System.nanoTime();
    ctx.fireChannelRead(msg);
  }

  /** When the read being decoded arrived; before the first read, {@link Long#MIN_VALUE}. */
  long at() {
    return at;
  }
}
