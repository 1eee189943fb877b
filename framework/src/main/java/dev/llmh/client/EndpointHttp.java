package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.Config;
import dev.llmh.measure.RequestSample;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * The HTTP side every protocol client shares: one OkHttp client per endpoint, configured so that it
 * neither holds requests back nor hides anything from the measurement, and the key's hygiene.
 */
final class EndpointHttp {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  final HttpUrl base;
  final OkHttpClient client;
  private final Optional<Config.Secret> apiKey;

  EndpointHttp(String baseUrl, Optional<Config.Secret> apiKey, Duration connectTimeout, Duration readTimeout) {
    HttpUrl parsed = HttpUrl.parse(baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl);
    if (parsed == null) {
      throw new IllegalArgumentException("not an http(s) URL: " + baseUrl);
    }
    this.base = parsed;
    this.apiKey = apiKey;
    // Each send blocks its worker, so concurrency is the number of workers; the dispatcher's
    // per-host limit (5 by default) must never hold a request back.
    Dispatcher dispatcher = new Dispatcher();
    dispatcher.setMaxRequests(Integer.MAX_VALUE);
    dispatcher.setMaxRequestsPerHost(Integer.MAX_VALUE);
    OkHttpClient.Builder builder =
        new OkHttpClient.Builder()
            .dispatcher(dispatcher)
            .connectionPool(new ConnectionPool(256, 5, TimeUnit.MINUTES))
            .connectTimeout(connectTimeout)
            .readTimeout(readTimeout)
            .writeTimeout(connectTimeout)
            // A retried request would be timed as one, and a redirect could carry the key elsewhere.
            .retryOnConnectionFailure(false)
            .followRedirects(false)
            .followSslRedirects(false);
    apiKey.ifPresent(key -> builder.addInterceptor(chain -> {
      Request request = chain.request();
      boolean sameOrigin = request.url().host().equals(base.host()) && request.url().port() == base.port()
          && request.url().scheme().equals(base.scheme());
      return chain.proceed(
          sameOrigin ? request.newBuilder().header("Authorization", "Bearer " + key.value()).build() : request);
    }));
    this.client = builder.build();
  }

  /**
   * Asks the endpoint's model listing at {@code path} and reads it with {@code parse}. A refused key
   * or an unreachable host is an {@link EndpointException}; a server without a listing gives an
   * empty {@link EndpointInfo}, and its chat requests will tell.
   */
  EndpointInfo probe(String path, java.util.function.Function<JsonNode, EndpointInfo> parse) {
    Request request = new Request.Builder().url(url(path)).get().build();
    try (Response response = client.newCall(request).execute()) {
      String body = response.body().string();
      if (response.code() == 401 || response.code() == 403) {
        throw new EndpointException(
            "the endpoint " + base + " refused the request (HTTP " + response.code()
                + "): set llmh.apiKey / LLMH_API_KEY to a valid key", null);
      }
      if (!response.isSuccessful()) {
        return new EndpointInfo(java.util.List.of(), null, null);
      }
      return parse.apply(MAPPER.readTree(body));
    } catch (IOException e) {
      throw new EndpointException("cannot reach the endpoint " + base + ": " + FailureReasons.raw(e), e);
    }
  }

  HttpUrl url(String path) {
    return base.newBuilder().addPathSegments(path).build();
  }

  /** A server may echo request headers in an error body: the key must not reach the record. */
  RequestSample scrubbed(RequestSample sample) {
    if (sample.error() == null || apiKey.isEmpty() || !sample.error().contains(apiKey.get().value())) {
      return sample;
    }
    return sample.withError(sample.error().replace(apiKey.get().value(), "<hidden>"));
  }

  void close() {
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }
}
