package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import okhttp3.Call;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * The HTTP side every protocol client shares: one OkHttp client per endpoint, configured so that it
 * neither holds requests back nor hides anything from the measurement; the credentials' hygiene;
 * and the one-off calls (listings, probes); the streaming calls are {@link EndpointStreams}', which
 * leave only reading the frames and parsing the chunks to each protocol.
 */
final class EndpointHttp {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int ERROR_EXCERPT = 300;
  private static final MediaType JSON = MediaType.get("application/json");

  final HttpUrl base;
  final OkHttpClient client;
  /** The measured path: every streaming request. */
  final EndpointStreams streams;
  private final Credentials credentials;

  /** How one protocol frames its stream and what each frame means. */
  interface Stream {
    /** True for a content type this protocol streams in. */
    boolean accepts(MediaType contentType);

    /** The frames of one successful response, each parsed into {@code recorder} as it completes. */
    LineFrames frames(StreamRecorder recorder);

    /** The error of a stream that stopped without its terminator. */
    String missingEnd();

    /** A successful stream of {@code chunks} frames as a server of this protocol sends it, to warm the path up on. */
    Synthetic synthetic(int chunks);
  }

  /** A response body as a server sends it: its content type, and its frames one per write. */
  record Synthetic(String contentType, List<String> frames) {}

  EndpointHttp(String baseUrl, Credentials credentials, Timeouts timeouts) {
    HttpUrl parsed = HttpUrl.parse(baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl);
    if (parsed == null) {
      throw new IllegalArgumentException("not an http(s) URL: " + baseUrl);
    }
    // The user info goes as Basic auth, never in a URL that is shown or recorded.
    this.base = parsed.newBuilder().username("").password("").build();
    this.credentials = credentials;
    // Each send blocks its worker, so concurrency is the number of workers; the dispatcher's
    // per-host limit (5 by default) must never hold a request back.
    Dispatcher dispatcher = new Dispatcher();
    dispatcher.setMaxRequests(Integer.MAX_VALUE);
    dispatcher.setMaxRequestsPerHost(Integer.MAX_VALUE);
    OkHttpClient.Builder builder =
        new OkHttpClient.Builder()
            .dispatcher(dispatcher)
            .connectionPool(new ConnectionPool(256, 5, TimeUnit.MINUTES))
            .connectTimeout(timeouts.connect())
            .readTimeout(timeouts.read())
            .writeTimeout(timeouts.connect())
            // A retried request would be timed as one, and a redirect could carry the key elsewhere.
            .retryOnConnectionFailure(false)
            .followRedirects(false)
            .followSslRedirects(false)
            .eventListener(NetworkStart.LISTENER);
    credentials.authorization().ifPresent(header -> builder.addInterceptor(chain -> {
      Request request = chain.request();
      boolean sameOrigin = request.url().host().equals(base.host()) && request.url().port() == base.port()
          && request.url().scheme().equals(base.scheme());
      return chain.proceed(sameOrigin ? request.newBuilder().header("Authorization", header).build() : request);
    }));
    this.client = builder.build();
    this.streams = new EndpointStreams(base, client, credentials, timeouts);
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
    try (Response response = get(base, path)) {
      String body = response.body().string();
      if (response.code() == 401 || response.code() == 403) {
        throw new EndpointException(
            "the endpoint " + base + " refused the request (HTTP " + response.code()
                + "): set LLMH_API_KEY or llmh.apiKeyFile to a valid key, or user:password@ in the endpoint URL", null);
      }
      if (response.code() == 404 && prefix != null && !base.pathSegments().contains(prefix)) {
        HttpUrl meant = base.newBuilder().addPathSegment(prefix).build();
        if (answers(meant, path)) {
          throw new EndpointException(
              "the endpoint " + base + " has no /" + path + " (HTTP 404), but " + meant + "/" + path + " answers: did you"
                  + " mean " + meant + "? Set llmh.endpoint (LLMH_ENDPOINT) or @Endpoint(url) to it", null);
        }
      }
      if (!response.isSuccessful()) {
        return new EndpointInfo(List.of(), null, null);
      }
      return parse.apply(MAPPER.readTree(body)).redacted(credentials::redact);
    } catch (IOException e) {
      throw new EndpointException("cannot reach the endpoint " + base + ": " + credentials.redact(FailureReasons.raw(e))
          + unreachableHint(e), e);
    }
  }

  private Response get(HttpUrl root, String path) throws IOException {
    return client.newCall(new Request.Builder().url(root.newBuilder().addPathSegments(path).build()).get().build()).execute();
  }

  /**
   * GETs {@code path} under the base URL, or under its root when {@code fromRoot} (Ollama's native
   * routes beside an OpenAI-compatible {@code /v1}), and reads the JSON answer; null on any failure.
   */
  JsonNode getJson(String path, boolean fromRoot) {
    HttpUrl root = fromRoot ? base.newBuilder().encodedPath("/").build() : base;
    try (Response response = get(root, path)) {
      return response.isSuccessful() ? MAPPER.readTree(response.body().string()) : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * {@link ProtocolClient#ask}: one call bounded by {@code timeout} as a whole (connect, send, read),
   * its every failure a reason; the body is redacted before it is read, as a listing is.
   */
  ServerAnswer ask(String path, boolean fromRoot, byte[] post, java.time.Duration timeout) {
    HttpUrl root = fromRoot ? base.newBuilder().encodedPath("/").build() : base;
    HttpUrl url = root.newBuilder().addPathSegments(path).build();
    String route = (post == null ? "GET " : "POST ") + url.encodedPath();
    Request.Builder request = new Request.Builder().url(url);
    Call call = client.newCall(post == null ? request.get().build() : request.post(RequestBody.create(post, JSON)).build());
    call.timeout().timeout(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
    try (Response response = call.execute()) {
      if (response.code() == 404 || response.code() == 405) {
        return ServerAnswer.missing("endpoint offers no " + route + " route (HTTP " + response.code() + ")");
      }
      String body = credentials.redact(response.body().string());
      if (!response.isSuccessful()) {
        return ServerAnswer.unavailable(route + " answered HTTP " + response.code() + ": " + excerpt(body));
      }
      return ServerAnswer.of(MAPPER.readTree(body));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return ServerAnswer.unavailable(route + " answered something that is not JSON");
    } catch (java.io.InterruptedIOException e) {
      return ServerAnswer.unavailable(route + " timed out after " + timeout.toMillis() + " ms");
    } catch (IOException | RuntimeException e) {
      return ServerAnswer.unavailable(route + " failed: " + credentials.redact(FailureReasons.raw(e)));
    }
  }

  /** POSTs {@code body} to {@code path} and reads the JSON answer; null on any failure or non-JSON answer. */
  JsonNode postJson(String path, byte[] body) {
    Request request = new Request.Builder().url(url(path))
        .post(RequestBody.create(body, JSON)).build();
    try (Response response = client.newCall(request).execute()) {
      return response.isSuccessful() ? MAPPER.readTree(response.body().string()) : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** True when {@code root/path} answers with a success; any failure of this second look is "no". */
  private boolean answers(HttpUrl root, String path) {
    try (Response response = get(root, path)) {
      return response.isSuccessful();
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
    return "";
  }

  HttpUrl url(String path) {
    return base.newBuilder().addPathSegments(path).build();
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
    streams.close();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }
}
