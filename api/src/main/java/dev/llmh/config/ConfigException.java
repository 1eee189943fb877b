package dev.llmh.config;

/** A configuration value that cannot be used; raised before the first request is sent. */
public final class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }
}
