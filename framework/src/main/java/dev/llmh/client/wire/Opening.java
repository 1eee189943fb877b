package dev.llmh.client.wire;

/**
 * When each step of opening one connection ended, for the phases of the request that opened it.
 * The name is resolved by the opener; every other step is stamped on the connection's event loop by
 * a listener set before the step could end, so that no stamp waits for a thread to wake.
 */
final class Opening {
  /** The opening request's {@code t0}: before the name was resolved. */
  final long startNanos;
  final boolean tls;
  long resolvedNanos;
  /** TCP connected, and through a proxy its tunnel opened. */
  long connectedNanos;
  /** The TLS handshake over and the protocol ALPN chose set up (HTTP/2: its server's first SETTINGS came). */
  long readyNanos;

  Opening(long startNanos, boolean tls) {
    this.startNanos = startNanos;
    this.tls = tls;
  }

  /** When the connection could first carry a request. */
  long usableNanos() {
    return tls ? readyNanos : connectedNanos;
  }
}
