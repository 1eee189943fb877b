package dev.llmh.client;

import java.net.InetSocketAddress;
import java.net.Proxy;
import okhttp3.Call;
import okhttp3.EventListener;

/**
 * A request's {@code t0}: when it starts using the network — its name lookup or its connection when
 * it needs one, else the first byte of its headers written on a pooled connection. OkHttp calls
 * these hooks on the thread that executes the call, as it gets there, so the client's own work
 * before (the call, its interceptors, the pool's lookup) is never counted as the server's.
 */
final class NetworkStart extends EventListener {
  static final NetworkStart LISTENER = new NetworkStart();

  /** One request's time, carried as its tag; the first network step sets it. */
  static final class Stamp {
    private long nanos;
    private boolean set;

    private void mark() {
      if (!set) {
        nanos = System.nanoTime();
        set = true;
      }
    }

    /** The time, or {@code before} when the request never reached the network. */
    long orElse(long before) {
      return set ? nanos : before;
    }
  }

  private NetworkStart() {}

  @Override
  public void dnsStart(Call call, String domainName) {
    mark(call);
  }

  @Override
  public void connectStart(Call call, InetSocketAddress address, Proxy proxy) {
    mark(call);
  }

  @Override
  public void requestHeadersStart(Call call) {
    mark(call);
  }

  private static void mark(Call call) {
    Stamp stamp = call.request().tag(Stamp.class);
    if (stamp != null) {
      stamp.mark();
    }
  }
}
