package dev.llmh.client.wire;

import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.proxy.ProxyConnectException;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import javax.net.ssl.SSLException;

/** What Netty reports as the exceptions the client's callers tell apart: a timeout, a TLS failure, a broken stream. */
final class Failures {
  private Failures() {}

  static IOException io(Throwable cause) {
    Throwable t = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
    if (t instanceof ConnectTimeoutException) {
      return new SocketTimeoutException("connect timed out: " + t.getMessage());
    }
    if (t instanceof SslHandshakeTimeoutException) {
      return new SSLException("the TLS handshake timed out: " + t.getMessage(), t);
    }
    if (t instanceof ProxyConnectException) {
      return new IOException("the proxy did not open a tunnel to the endpoint: " + t.getMessage(), t);
    }
    if (t instanceof IOException io) {
      return io;
    }
    return new IOException("the response could not be read: " + t, t);
  }
}
