package dev.llmh.client.wire;

import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One kept-alive socket and what the event loop knows of it. Its buffer and decoder are reused by
 * every response it carries; the loop alone reads and decodes.
 */
final class Connection {
  private static final int BUFFER = 32 * 1024;

  final SocketChannel channel;
  final EventLoop loop;
  final ResponseDecoder decoder = new ResponseDecoder();
  final ByteBuffer in = ByteBuffer.allocate(BUFFER);
  SelectionKey key;
  /** The exchange in flight, set by its sender before the request is written; null while idle. */
  volatile Exchange exchange;
  /** The exchange {@link #decoder} was reset for. */
  Exchange decoding;
  /** When bytes last arrived (or the request was sent): the idle timeout counts from it. */
  volatile long lastActivity;
  /** The last read: its byte count (-1 at end of input) and its time. */
  int read;
  long readAt;
  /** What the last read threw, when {@link #read} is -2. */
  java.io.IOException readFailure;

  Connection(SocketChannel channel, EventLoop loop) {
    this.channel = channel;
    this.loop = loop;
  }
}
