package dev.llmh.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** How endpoints are reached beyond their URL: {@code llmh.tls.trust} and {@code llmh.proxy}, read and checked. */
final class NetworkValues {
  private NetworkValues() {}

  static Path trustFile(String value) {
    Path file = Path.of(value);
    if (!Files.isReadable(file) || Files.isDirectory(file)) {
      throw new ConfigException(ConfigKey.TLS_TRUST.key() + " = '" + value + "' is not a readable file: give the server's"
          + " certificate as a PEM file, or a PKCS#12 trust store holding it");
    }
    return file;
  }

  static URI proxy(String value) {
    try {
      URI uri = new URI(value.contains("://") ? value : "http://" + value);
      if ("http".equals(uri.getScheme()) && uri.getHost() != null && uri.getPort() > 0
          && (uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/"))) {
        return uri;
      }
    } catch (URISyntaxException e) {
      // told below
    }
    throw new ConfigException(ConfigKey.PROXY.key() + " = '" + value + "' is not an HTTP proxy's address: write"
        + " http://host:port (e.g. http://proxy.example.com:3128)");
  }
}
