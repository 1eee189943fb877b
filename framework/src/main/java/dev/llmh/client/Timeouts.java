package dev.llmh.client;

import dev.llmh.config.Defaults;
import java.time.Duration;

/**
 * How long a request may take at each stage.
 *
 * @param connect to open a connection
 * @param read the longest silence on a response (the idle timeout, llmh.timeout.read)
 * @param firstToken from sending to the first text chunk; then the call is cancelled
 * @param request from sending to the response's end; then the call is cancelled
 */
public record Timeouts(Duration connect, Duration read, Duration firstToken, Duration request) {

  /** The given connect and read timeouts, the defaults for the first token and the whole request. */
  public static Timeouts of(Duration connect, Duration read) {
    return new Timeouts(connect, read, Defaults.FIRST_TOKEN_TIMEOUT, Defaults.REQUEST_TIMEOUT);
  }
}
