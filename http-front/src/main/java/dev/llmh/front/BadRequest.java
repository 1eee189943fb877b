package dev.llmh.front;

/**
 * A request the server refuses before answering anything: a {@link Route.Handler} that throws it gets
 * a 400 {@code invalid_request_error} whose message is this exception's, for the client to read.
 */
public final class BadRequest extends Exception {
  public BadRequest(String message) {
    super(message);
  }
}
