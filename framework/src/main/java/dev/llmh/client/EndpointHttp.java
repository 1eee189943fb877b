package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.measure.RequestSample;
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
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Okio;

/**
 * The HTTP side every protocol client shares: one OkHttp client per endpoint, configured so that it
 * neither holds requests back nor hides anything from the measurement; the credentials' hygiene;
 * and the one streaming call, which leaves only reading the frames and parsing the chunks to each
 * protocol.
 */
final class EndpointHttp {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int ERROR_EXCERPT = 300;

  final HttpUrl base;
  final OkHttpClient client;
  private final Credentials credentials;
  private final Timeouts timeouts;
  private final FailureReasons reasons;

  /** How one protocol frames its stream and what each frame means. */
  interface Stream {
    /** True for a content type this protocol streams in. */
    boolean accepts(MediaType contentType);

    /**
     * Reads the frames of a successful response into {@code recorder}, each timestamped with
     * {@link ArrivalClock#lastArrival()} of {@code clock}, which reads the body.
     */
    void read(Response response, ArrivalClock clock, StreamRecorder recorder) throws IOException;

    /** The error of a stream that stopped without its terminator. */
    String missingEnd();

    /** A successful stream of {@code chunks} frames as a server of this protocol sends it, to warm the path up on. */
    ResponseBody synthetic(int chunks);
  }

  EndpointHttp(String baseUrl, Credentials credentials, Timeouts timeouts) {
    HttpUrl parsed = HttpUrl.parse(baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl);
    if (parsed == null) {
      throw new IllegalArgumentException("not an http(s) URL: " + baseUrl);
    }
    // The user info goes as Basic auth, never in a URL that is shown or recorded.
    this.base = parsed.newBuilder().username("").password("").build();
    this.credentials = credentials;
    this.timeouts = timeouts;
    this.reasons = new FailureReasons(timeouts.connect(), timeouts.read());
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

  /** POSTs {@code body} to {@code path} and reads the JSON answer; null on any failure or non-JSON answer. */
  JsonNode postJson(String path, byte[] body) {
    Request request = new Request.Builder().url(url(path))
        .post(okhttp3.RequestBody.create(body, MediaType.get("application/json"))).build();
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

  /**
   * Sends one streaming request and records what arrived; every failure — refused, wrong content,
   * broken, late — becomes the sample's error, never an exception.
   */
  RequestSample stream(Request request, ChatRequest chat, Stream stream) {
    NetworkStart.Stamp networkStart = new NetworkStart.Stamp();
    Call call = client.newCall(request.newBuilder().tag(NetworkStart.Stamp.class, networkStart).build());
    RequestWatch watch = RequestWatch.start(call, timeouts, chat.caseDeadlineNanos());
    StreamRecorder recorder = new StreamRecorder(System.nanoTime(), watch, chat.maxTokens(), chat.conversation());
    try (Response response = call.execute()) {
      recorder.networkStarted(networkStart.orElse(recorder.startNanos));
      MediaType type = response.body().contentType();
      if (!response.isSuccessful()) {
        recorder.retryAfter = response.header("Retry-After");
        recorder.fail("HTTP " + response.code()
            + (recorder.retryAfter == null ? "" : " (Retry-After: " + recorder.retryAfter + ")") + ": " + excerpt(response));
      } else if (type == null || !stream.accepts(type)) {
        recorder.fail("unexpected content type " + (type == null ? "(none)" : type.type() + "/" + type.subtype())
            + ": " + excerpt(response));
      } else {
        read(response, recorder, stream);
      }
    } catch (IOException | RuntimeException e) {
      recorder.fail(recorder.watch.expired() ? recorder.watch.reason()
          : recorder.done() ? "after end of stream: " + FailureReasons.raw(e)
          : reasons.describe(e, recorder.sawText()));
    } finally {
      recorder.watch.stop();
      recorder.networkStarted(networkStart.orElse(recorder.startNanos)); // also when it failed
    }
    if (recorder.watch.expired() && !recorder.done()) {
      recorder.fail(recorder.watch.reason());
    }
    return recorder.finish(stream.missingEnd(), credentials::redact);
  }

  /** Reads a successful streamed response through an {@link ArrivalClock}, so each frame has its bytes' arrival time. */
  static void read(Response response, StreamRecorder recorder, Stream stream) throws IOException {
    ResponseBody body = response.body();
    ArrivalClock clock = new ArrivalClock(body.source(), recorder.startNanos);
    try (ResponseBody timed = ResponseBody.create(Okio.buffer(clock), body.contentType(), body.contentLength())) {
      stream.read(response.newBuilder().body(timed).build(), clock, recorder);
    }
  }

  /**
   * Runs the chunk path — arrival clock, framing, parsing, recorder — over {@code rounds} of the
   * protocol's synthetic stream, so that the JIT compiles it before the first measured request
   * instead of during it, on the core the streams are read on. Nothing is sent.
   */
  void warmUp(Stream stream, int chunks, int rounds) {
    Request request = new Request.Builder().url(base).build();
    Call call = client.newCall(request); // never executed: a request watch needs a call it could cancel
    for (int round = 0; round < rounds; round++) {
      Response response = new Response.Builder().request(request).protocol(Protocol.HTTP_1_1).code(200).message("OK")
          .body(stream.synthetic(chunks)).build();
      StreamRecorder recorder =
          new StreamRecorder(System.nanoTime(), RequestWatch.start(call, timeouts, ChatRequest.NO_DEADLINE), Integer.MAX_VALUE);
      try {
        read(response, recorder, stream);
      } catch (IOException e) {
        throw new IllegalStateException("the synthetic warm-up stream could not be read", e);
      } finally {
        recorder.watch.stop();
      }
      RequestSample sample = recorder.finish(stream.missingEnd(), credentials::redact);
      if (sample.error() != null) {
        throw new IllegalStateException("the synthetic warm-up stream did not parse: " + sample.error());
      }
    }
  }

  /** A failure's reason from a stream: a deadline that cut it, else what broke it. */
  String failureReason(StreamRecorder recorder, Throwable t) {
    if (recorder.watch.expired()) {
      return recorder.watch.reason();
    }
    return recorder.done() ? "after end of stream: " + FailureReasons.raw(t) : reasons.describe(t, true);
  }

  /** The non-empty text at {@code field} of a chunk's JSON, or null: every protocol's text is a string field. */
  static String text(JsonNode node, String field) {
    JsonNode text = node.get(field);
    return text != null && text.isTextual() && !text.asText().isEmpty() ? text.asText() : null;
  }

  /** The start of a body that is not the stream: an error message, or an HTML page. Never the whole of a large one. */
  private static String excerpt(Response response) throws IOException {
    return excerpt(response.peekBody(4 * ERROR_EXCERPT).string());
  }

  static String excerpt(String body) {
    String flat = body.replaceAll("\\s+", " ").strip();
    return flat.length() <= ERROR_EXCERPT ? flat : flat.substring(0, ERROR_EXCERPT) + "…";
  }

  void close() {
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }
}
