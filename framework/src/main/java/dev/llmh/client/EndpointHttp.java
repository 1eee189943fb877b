package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.client.wire.Origin;
import dev.llmh.client.wire.Request;
import dev.llmh.client.wire.RoundTrip;
import dev.llmh.client.wire.StreamingHttp;
import dev.llmh.client.wire.Tls;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import javax.net.ssl.SSLException;

/**
 * The HTTP side every protocol client shares: one {@link StreamingHttp} per endpoint — its one
 * event loop, its connections — for the measured streams and the one-off calls (listings, probes)
 * alike; the credentials' hygiene; the streaming calls are {@link EndpointStreams}', which leave
 * only reading the frames and parsing the chunks to each protocol.
 */
final class EndpointHttp {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int ERROR_EXCERPT = 300;
  /** The most a listing or a probe's answer may hold. */
  private static final int MAX_ANSWER = 32 * 1024 * 1024;

  final BaseUrl base;
  final StreamingHttp http;
  /** The measured path: every streaming request. */
  final EndpointStreams streams;
  private final Credentials credentials;
  private final Duration callTimeout;
  private RoundTrip roundTrip;

  /** How one protocol frames its stream and what each frame means. */
  interface Stream {
    /** True for a media type ({@code text/event-stream}, lower case, no parameters) this protocol streams in. */
    boolean accepts(String mediaType);

    /** The frames of one successful response, each parsed into {@code recorder} as it completes. */
    LineFrames frames(StreamRecorder recorder);

    /** The error of a stream that stopped without its terminator. */
    String missingEnd();

    /** A successful stream of {@code chunks} frames as a server of this protocol sends it, to warm the path up on. */
    Synthetic synthetic(int chunks);
  }

  /** A response body as a server sends it: its content type, and its frames one per write. */
  record Synthetic(String contentType, List<String> frames) {}

  EndpointHttp(String baseUrl, Credentials credentials, Timeouts timeouts, Network network) {
    this.base = BaseUrl.parse(baseUrl);
    this.credentials = credentials;
    this.callTimeout = timeouts.connect().plus(timeouts.read());
    Origin origin;
    try {
      origin = new Origin(base.host(), base.port(), base.https() ? Tls.client(network.trust()) : null,
          proxy(base, network), timeouts.connect(), timeouts.read());
    } catch (IllegalArgumentException e) {
      throw new EndpointException(e.getMessage(), e);
    }
    this.http = new StreamingHttp(origin);
    this.streams = new EndpointStreams(base, http, credentials, timeouts);
  }

  /** The round trip to the endpoint, measured the first time it is asked. */
  synchronized RoundTrip roundTrip() {
    if (roundTrip == null) {
      roundTrip = http.roundTrip();
    }
    return roundTrip;
  }

  /** The proxy to tunnel through: {@code llmh.proxy}, else the JVM's for this URL ({@code https.proxyHost}...), else none. */
  private static InetSocketAddress proxy(BaseUrl base, Network network) {
    if (network.proxy().isPresent()) {
      URI proxy = network.proxy().get();
      return new InetSocketAddress(proxy.getHost(), proxy.getPort());
    }
    ProxySelector selector = ProxySelector.getDefault();
    for (Proxy p : selector == null ? List.<Proxy>of() : selector.select(base.uri())) {
      if (p.type() == Proxy.Type.HTTP && p.address() instanceof InetSocketAddress a) {
        return a.isUnresolved() ? new InetSocketAddress(a.getHostString(), a.getPort()) : a;
      }
    }
    return null;
  }

  /** One call's whole answer, redacted; the request carries the credentials, as every request to the endpoint does. */
  private StreamingHttp.Whole call(BaseUrl root, String path, byte[] post, Duration limit) throws IOException {
    Request request = new Request(post == null ? "GET" : "POST", root.target(path), base.authority(),
        credentials.authorization().orElse(null), post);
    return http.fetch(request, limit, MAX_ANSWER);
  }

  private static String text(StreamingHttp.Whole answer) {
    return new String(answer.body(), StandardCharsets.UTF_8);
  }

  private static boolean successful(StreamingHttp.Whole answer) {
    return answer.code() >= 200 && answer.code() < 300;
  }

  /**
   * Asks the endpoint's model listing at {@code path} and reads it with {@code parse}. A refused key
   * or an unreachable host is an {@link EndpointException}, and so is a base URL missing its API
   * prefix: when {@code path} is not found but {@code prefix/path} is (a URL given without
   * {@code /v1}), every request would 404, so the probe says which URL was meant. A server
   * without a listing at either gives an empty {@link EndpointInfo}, and its chat requests will tell.
   *
   * @param prefix the path segment the protocol's routes usually sit under ({@code v1}), or null
   */
  EndpointInfo probe(String path, String prefix, Function<JsonNode, EndpointInfo> parse) {
    try {
      StreamingHttp.Whole response = call(base, path, null, callTimeout);
      String body = text(response);
      if (response.code() == 401 || response.code() == 403) {
        throw new EndpointException(
            "the endpoint " + base + " refused the request (HTTP " + response.code()
                + "): set LLMH_API_KEY or llmh.apiKeyFile to a valid key, or user:password@ in the endpoint URL", null);
      }
      if (response.code() == 404 && prefix != null && !base.segments().contains(prefix)) {
        BaseUrl meant = base.with(prefix);
        if (answers(meant, path)) {
          throw new EndpointException(
              "the endpoint " + base + " has no /" + path + " (HTTP 404), but " + meant + "/" + path + " answers: did you"
                  + " mean " + meant + "? Set llmh.endpoint (LLMH_ENDPOINT) or @Endpoint(url) to it", null);
        }
      }
      if (!successful(response)) {
        return new EndpointInfo(List.of(), null, null);
      }
      return parse.apply(MAPPER.readTree(body)).redacted(credentials::redact);
    } catch (IOException e) {
      throw new EndpointException("cannot reach the endpoint " + base + ": " + credentials.redact(FailureReasons.raw(e))
          + unreachableHint(e), e);
    }
  }

  /**
   * GETs {@code path} under the base URL, or under its root when {@code fromRoot} (Ollama's native
   * routes beside an OpenAI-compatible {@code /v1}), and reads the JSON answer; null on any failure.
   */
  JsonNode getJson(String path, boolean fromRoot) {
    try {
      StreamingHttp.Whole response = call(fromRoot ? base.root() : base, path, null, callTimeout);
      return successful(response) ? MAPPER.readTree(text(response)) : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * {@link ProtocolClient#ask}: one call bounded by {@code timeout} as a whole (connect, send, read),
   * its every failure a reason; the body is redacted before it is read, as a listing is.
   */
  ServerAnswer ask(String path, boolean fromRoot, byte[] post, java.time.Duration timeout) {
    BaseUrl root = fromRoot ? base.root() : base;
    String route = (post == null ? "GET " : "POST ") + root.target(path).replaceFirst("\\?.*", "");
    try {
      StreamingHttp.Whole response = call(root, path, post, timeout);
      if (response.code() == 404 || response.code() == 405) {
        return ServerAnswer.missing("endpoint offers no " + route + " route (HTTP " + response.code() + ")");
      }
      String body = credentials.redact(text(response));
      if (!successful(response)) {
        return ServerAnswer.unavailable(route + " answered HTTP " + response.code() + ": " + excerpt(body));
      }
      return ServerAnswer.of(MAPPER.readTree(body));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return ServerAnswer.unavailable(route + " answered something that is not JSON");
    } catch (InterruptedIOException e) {
      return ServerAnswer.unavailable(route + " timed out after " + timeout.toMillis() + " ms");
    } catch (IOException | RuntimeException e) {
      return ServerAnswer.unavailable(route + " failed: " + credentials.redact(FailureReasons.raw(e)));
    }
  }

  /** POSTs {@code body} to {@code path} and reads the JSON answer; null on any failure or non-JSON answer. */
  JsonNode postJson(String path, byte[] body) {
    try {
      StreamingHttp.Whole response = call(base, path, body, callTimeout);
      return successful(response) ? MAPPER.readTree(text(response)) : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** True when {@code root/path} answers with a success; any failure of this second look is "no". */
  private boolean answers(BaseUrl root, String path) {
    try {
      return successful(call(root, path, null, callTimeout));
    } catch (IOException e) {
      return false;
    }
  }

  /** What to check when the endpoint could not be reached at all: the exception alone does not say. */
  private String unreachableHint(IOException e) {
    if (e instanceof ConnectException) {
      return "; nothing accepted the connection: is the server running, and listening on port " + base.port() + " of "
          + base.host() + "? Check llmh.endpoint (LLMH_ENDPOINT) or @Endpoint(url)";
    }
    if (e instanceof UnknownHostException) {
      return "; the host name " + base.host() + " is unknown: check llmh.endpoint (LLMH_ENDPOINT) or @Endpoint(url)";
    }
    if (e instanceof SSLException) {
      return "; a server whose certificate the system does not trust (self-signed) is trusted with llmh.tls.trust"
          + " (LLMH_TLS_TRUST) = its certificate as a PEM file";
    }
    return "";
  }

  /** The non-empty text at {@code field} of a chunk's JSON, or null: every protocol's text is a string field. */
  static String text(JsonNode node, String field) {
    JsonNode text = node.get(field);
    return text != null && text.isTextual() && !text.asText().isEmpty() ? text.asText() : null;
  }

  /** The start of a body that is not the stream: an error message, or an HTML page. Never the whole of a large one. */
  static String excerpt(String body) {
    String flat = body.replaceAll("\\s+", " ").strip();
    return flat.length() <= ERROR_EXCERPT ? flat : flat.substring(0, ERROR_EXCERPT) + "…";
  }

  void close() {
    http.close();
  }
}
