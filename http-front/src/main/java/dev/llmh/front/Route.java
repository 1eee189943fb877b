package dev.llmh.front;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.Objects;

/** One endpoint of an {@link HttpFront}: what answers {@code method path}. */
public record Route(String method, String path, Handler handler) {

  /** Answers one request; the front closes the exchange afterwards. */
  @FunctionalInterface
  public interface Handler {
    /**
     * @param arrivalNanos {@link System#nanoTime()} when the front took the request, before anything
     *     was read: where the server's share of a request's latency starts
     * @throws BadRequest to have the front answer 400 (only before any response byte was sent)
     * @throws IOException when the client went away; the front then gives up on the exchange quietly
     */
    void handle(HttpExchange exchange, long arrivalNanos) throws IOException, BadRequest;
  }

  public Route {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(handler, "handler");
  }

  public static Route get(String path, Handler handler) {
    return new Route("GET", path, handler);
  }

  public static Route post(String path, Handler handler) {
    return new Route("POST", path, handler);
  }
}
