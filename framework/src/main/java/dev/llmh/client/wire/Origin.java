package dev.llmh.client.wire;

import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Where a {@link StreamingHttp} sends its requests and how it gets there.
 *
 * @param host the server's host name or address, as the URL gives it (TLS checks the certificate against it)
 * @param port the server's port
 * @param tls the TLS settings (trust, ALPN) for an {@code https} origin, or null for plain HTTP
 * @param proxy the HTTP proxy to tunnel through with {@code CONNECT}, or null to connect directly
 * @param connectTimeout for opening a connection — TCP, the proxy's tunnel and the TLS handshake together
 * @param idleTimeout the longest silence on a response in flight
 */
public record Origin(String host, int port, SslContext tls, InetSocketAddress proxy, Duration connectTimeout,
    Duration idleTimeout) {

  /** Plain HTTP to {@code host:port}, directly. */
  public static Origin plain(String host, int port, Duration connectTimeout, Duration idleTimeout) {
    return new Origin(host, port, null, null, connectTimeout, idleTimeout);
  }

  @Override
  public String toString() {
    return (tls == null ? "http://" : "https://") + host + ":" + port + (proxy == null ? "" : " via proxy " + proxy);
  }
}
