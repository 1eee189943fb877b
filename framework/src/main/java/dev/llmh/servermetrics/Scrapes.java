package dev.llmh.servermetrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The server's {@code /metrics} looked at over a case's measured phase: once as it begins and once at
 * each analysis ({@link #now()}, on the case's thread, when no measured request is in flight), and every
 * interval in between on a daemon thread of its own, so that no look ever falls on the timing path.
 * Counters are taken between the first look and the last; gauges at every look.
 */
final class Scrapes implements AutoCloseable {
  /** One look: when ({@link System#nanoTime()}), and what the page said. */
  record Look(long nanos, Exposition.Page page) {}

  private final URI url;
  private final Duration interval;
  private final HttpClient http;
  private final List<Look> looks = new ArrayList<>();
  private Thread sampler;
  private volatile boolean closed;

  Scrapes(URI url, Duration interval) {
    this.url = url;
    this.interval = interval;
    this.http = HttpClient.newBuilder().connectTimeout(interval.multipliedBy(4).plusSeconds(1)).build();
  }

  URI url() {
    return url;
  }

  Duration interval() {
    return interval;
  }

  /**
   * Looks now and keeps it; throws when the server gives no metrics page. One look at a time, so that
   * the looks are in the order the server answered them: a last look waits for one in flight.
   */
  Look now() throws IOException, InterruptedException {
    synchronized (looks) {
      HttpResponse<String> response = http.send(HttpRequest.newBuilder(url).timeout(interval.multipliedBy(8).plusSeconds(2)).GET()
          .build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IOException("GET " + url + " answered HTTP " + response.statusCode());
      }
      Look look = new Look(System.nanoTime(), Exposition.parse(response.body()));
      looks.add(look);
      return look;
    }
  }

  /** Looks every interval from now on, until closed; a look that fails is left out. */
  void sample() {
    sampler = new Thread(() -> {
      while (!closed) {
        try {
          Thread.sleep(interval.toMillis());
          now();
        } catch (InterruptedException e) {
          return;
        } catch (IOException | RuntimeException e) {
          // a look missed: the next one, or the last at the analysis, covers the counters
        }
      }
    }, "llmh-server-metrics");
    sampler.setDaemon(true);
    sampler.start();
  }

  /** Every look so far, in time order. */
  List<Look> looks() {
    synchronized (looks) {
      return List.copyOf(looks);
    }
  }

  @Override
  public void close() {
    closed = true;
    if (sampler != null) {
      sampler.interrupt();
    }
  }
}
