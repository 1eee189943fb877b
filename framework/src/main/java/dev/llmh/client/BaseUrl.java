package dev.llmh.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An endpoint's base URL without its user info (sent as Basic auth, never shown): the scheme, host
 * and port a connection goes to, and the path segments and query every route is put under.
 */
record BaseUrl(String scheme, String host, int port, List<String> segments, String query) {

  /** {@code url} read as an http(s) URL; the user info it may carry is dropped here and kept by {@link Credentials}. */
  static BaseUrl parse(String url) {
    try {
      URI uri = new URI(url.strip());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
      if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
        throw new IllegalArgumentException("not an http(s) URL: " + url);
      }
      String host = uri.getHost().startsWith("[") ? uri.getHost().substring(1, uri.getHost().length() - 1) : uri.getHost();
      int port = uri.getPort() > 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
      String path = uri.getRawPath() == null ? "" : uri.getRawPath();
      List<String> segments = Arrays.stream(path.split("/")).filter(s -> !s.isEmpty()).toList();
      return new BaseUrl(scheme, host, port, segments, uri.getRawQuery());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not an http(s) URL: " + url, e);
    }
  }

  boolean https() {
    return scheme.equals("https");
  }

  /** The {@code Host} header: the host, and the port when it is not the scheme's. */
  String authority() {
    String shown = host.contains(":") ? "[" + host + "]" : host;
    return port == (https() ? 443 : 80) ? shown : shown + ":" + port;
  }

  /** The encoded path and query of {@code route} ({@code chat/completions}) under this base. */
  String target(String route) {
    StringBuilder path = new StringBuilder();
    segments.forEach(s -> path.append('/').append(s));
    for (String s : route.split("/")) {
      if (!s.isEmpty()) {
        path.append('/').append(s);
      }
    }
    return (path.isEmpty() ? "/" : path.toString()) + (query == null ? "" : "?" + query);
  }

  /** The same server with no path: where Ollama's native routes sit beside an OpenAI-compatible {@code /v1}. */
  BaseUrl root() {
    return new BaseUrl(scheme, host, port, List.of(), query);
  }

  /** This base with one more path segment ({@code v1}). */
  BaseUrl with(String segment) {
    List<String> more = new ArrayList<>(segments);
    more.add(segment);
    return new BaseUrl(scheme, host, port, List.copyOf(more), query);
  }

  URI uri() {
    return URI.create(toString());
  }

  @Override
  public String toString() {
    return scheme + "://" + authority() + target("");
  }
}
