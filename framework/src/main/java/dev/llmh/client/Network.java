package dev.llmh.client;

import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How endpoints are reached beyond their URL.
 *
 * @param trust {@code llmh.tls.trust}: the certificates HTTPS trusts instead of the system's
 * @param proxy {@code llmh.proxy}: the HTTP proxy to tunnel through; empty: the JVM's proxy settings
 */
public record Network(Optional<Path> trust, Optional<URI> proxy) {
  /** The system's trust store, the JVM's proxy settings. */
  public static final Network SYSTEM = new Network(Optional.empty(), Optional.empty());
}
