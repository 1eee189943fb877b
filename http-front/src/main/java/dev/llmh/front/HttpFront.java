package dev.llmh.front;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * An HTTP server on 127.0.0.1 that dispatches each request to the {@link Route} of its path and
 * method, and answers the rest itself: 404 {@code not_found_error} for an unknown path, 405
 * {@code invalid_request_error} with {@code Allow} for a known path and another method, 400
 * {@code invalid_request_error} for a handler's {@link BadRequest}, 500 {@code server_error} for its
 * runtime failure (when no byte was sent yet). Every error body is {@link Replies#errorBody}.
 *
 * <p>Each request runs on its own daemon thread from an unbounded pool: a request waiting for a
 * {@link SlotQueue} slot holds a thread, and a bounded pool would turn a long queue into refused
 * connections instead of latency.
 *
 * <p>The JDK server is told to use TCP_NODELAY (system property {@code sun.net.httpserver.nodelay},
 * set here unless already set, and read once per JVM), so small SSE writes are not held back by
 * Nagle's algorithm.
 */
public final class HttpFront implements AutoCloseable {

  static {
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  private static final AtomicInteger SERVER_COUNT = new AtomicInteger();

  private final String serverName;
  private final Map<String, List<Route>> routesByPath;
  private final ExecutorService executor;
  private final HttpServer http;

  private HttpFront(String threadPrefix, String serverName, int port, List<Route> routes) throws IOException {
    this.serverName = serverName;
    this.routesByPath = routes.stream()
        .collect(Collectors.groupingBy(Route::path, LinkedHashMap::new, Collectors.toUnmodifiableList()));
    int serverNumber = SERVER_COUNT.incrementAndGet();
    AtomicInteger threadCount = new AtomicInteger();
    ThreadFactory daemons = r -> {
      Thread t = new Thread(r, threadPrefix + "-" + serverNumber + "-" + threadCount.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    this.executor = Executors.newCachedThreadPool(daemons);
    this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 256);
    http.setExecutor(executor);
    http.createContext("/", this::handle);
    http.start();
  }

  /**
   * Starts serving {@code routes} on {@code port} of 127.0.0.1 (0: an ephemeral port, see {@link #port()}).
   *
   * @param threadPrefix names the threads: {@code <threadPrefix>-<server number>-<thread number>}
   * @param serverName names the server in a 500's message: {@code "<serverName> failure: ..."}
   */
  public static HttpFront start(String threadPrefix, String serverName, int port, List<Route> routes)
      throws IOException {
    return new HttpFront(threadPrefix, serverName, port, List.copyOf(routes));
  }

  public int port() {
    return http.getAddress().getPort();
  }

  /**
   * Stops at once: open connections are closed, and the threads of requests in progress interrupted,
   * so that a request waiting for a slot or a deadline gives up. A handler busy elsewhere (in an
   * engine) ends at its next write to the closed connection.
   */
  @Override
  public void close() {
    http.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange exchange) {
    long arrival = System.nanoTime();
    try {
      try {
        dispatch(exchange, arrival);
      } catch (BadRequest e) {
        Replies.error(exchange, 400, Replies.INVALID_REQUEST, e.getMessage());
      }
    } catch (IOException e) {
      // the client went away while we answered: nothing to do
    } catch (RuntimeException e) {
      try {
        Replies.error(exchange, 500, Replies.SERVER_ERROR, serverName + " failure: " + e);
      } catch (IOException | RuntimeException ignored) {
        // headers may already be sent
      }
    } finally {
      exchange.close();
    }
  }

  private void dispatch(HttpExchange exchange, long arrival) throws IOException, BadRequest {
    String path = exchange.getRequestURI().getPath();
    String method = exchange.getRequestMethod();
    List<Route> routes = routesByPath.get(path);
    if (routes == null) {
      Replies.error(exchange, 404, Replies.NOT_FOUND, "no such endpoint: " + method + " " + path);
      return;
    }
    Optional<Route> route = routes.stream().filter(r -> r.method().equals(method)).findFirst();
    if (route.isEmpty()) {
      String allowed = routes.stream().map(Route::method).collect(Collectors.joining(", "));
      exchange.getResponseHeaders().set("Allow", allowed);
      Replies.error(exchange, 405, Replies.INVALID_REQUEST, "method " + method + " not allowed; use " + allowed);
      return;
    }
    route.get().handler().handle(exchange, arrival);
  }
}
