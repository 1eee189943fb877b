package dev.llmh.client.wire;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.util.Arrays;

/**
 * The network's round trip to an endpoint, measured before the first case as the median time of a
 * few TCP connects (a connect is one round trip: SYN out, SYN-ACK back), nothing sent over them.
 * Through a proxy it is the round trip to the proxy, and says so.
 *
 * @param ms the median connect time, or null when not measured
 * @param to what was connected to: {@code host:port}, or {@code proxy host:port}
 * @param notMeasured why {@code ms} is null, else null
 */
public record RoundTrip(Double ms, String to, String notMeasured) {
  /** Connects a round trip is the median of: an odd count, so that the median is one of them. */
  static final int CONNECTS = 5;

  /** Connects to {@code origin} (its proxy, when it has one) {@link #CONNECTS} times, closing each at once. */
  static RoundTrip measure(Origin origin) {
    InetSocketAddress target = origin.proxy() != null ? origin.proxy() : new InetSocketAddress(origin.host(), origin.port());
    String to = (origin.proxy() != null ? "proxy " : "") + target.getHostString() + ":" + target.getPort();
    if (target.isUnresolved()) {
      return new RoundTrip(null, to, "the name " + target.getHostString() + " did not resolve");
    }
    int timeout = (int) Math.min(Integer.MAX_VALUE, origin.connectTimeout().toMillis());
    long[] nanos = new long[CONNECTS];
    for (int i = 0; i < CONNECTS; i++) {
      try (Socket socket = new Socket(Proxy.NO_PROXY)) { // the JVM's SOCKS settings would time a proxy's connect
        socket.setTcpNoDelay(true);
        long start = System.nanoTime();
        socket.connect(target, timeout);
        nanos[i] = System.nanoTime() - start;
      } catch (IOException e) {
        return new RoundTrip(null, to, "a TCP connect to " + to + " failed: " + e.getMessage());
      }
    }
    Arrays.sort(nanos);
    return new RoundTrip(nanos[CONNECTS / 2] / 1e6, to, null);
  }
}
