package dev.llmh.client;

/** The endpoint cannot be used at all (unreachable, refused the key): nothing is measured. */
public final class EndpointException extends RuntimeException {
  public EndpointException(String message, Throwable cause) {
    super(message, cause);
  }
}
