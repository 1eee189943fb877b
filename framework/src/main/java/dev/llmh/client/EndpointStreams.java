package dev.llmh.client;

import dev.llmh.client.wire.Exchange;
import dev.llmh.client.wire.ResponseDecoder;
import dev.llmh.client.wire.ResponseHead;
import dev.llmh.client.wire.StreamingHttp;
import dev.llmh.measure.RequestSample;
import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.net.ProxySelector;
import java.util.List;
import okhttp3.Call;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * An endpoint's streaming requests, the path every measured request takes: plain HTTP on
 * {@link StreamingHttp}'s event loop, HTTPS or a proxied host through the endpoint's OkHttp client.
 * Apart from {@link EndpointHttp}'s one-off calls, because only this path is timed.
 */
final class EndpointStreams {
  private static final MediaType JSON = MediaType.get("application/json");
  private static final int READ_BUFFER = 8 * 1024;

  private final HttpUrl base;
  private final OkHttpClient client;
  private final Credentials credentials;
  private final Timeouts timeouts;
  private final FailureReasons reasons;
  private StreamingHttp streaming;
  private volatile boolean streamsThroughOkHttp;

  EndpointStreams(HttpUrl base, OkHttpClient client, Credentials credentials, Timeouts timeouts) {
    this.base = base;
    this.client = client;
    this.credentials = credentials;
    this.timeouts = timeouts;
    this.reasons = new FailureReasons(timeouts.connect(), timeouts.read());
  }

  /**
   * POSTs {@code body} to {@code path} as one streaming request and records what arrived; every
   * failure — refused, wrong content, broken, late — becomes the sample's error, never an exception.
   * Plain HTTP goes through {@link StreamingHttp}'s event loop; HTTPS, or a host reached through a
   * proxy, through OkHttp on the sending thread.
   */
  RequestSample stream(String path, byte[] body, ChatRequest chat, EndpointHttp.Stream stream) {
    StreamingHttp loop = streamingHttp();
    return loop == null ? streamThroughOkHttp(path, body, chat, stream) : streamOnLoop(loop, path, body, chat, stream);
  }

  private RequestSample streamOnLoop(StreamingHttp loop, String path, byte[] body, ChatRequest chat, EndpointHttp.Stream stream) {
    Exchange exchange = new Exchange(HttpMessages.post(url(path), body, credentials));
    RequestWatch watch = RequestWatch.start(exchange::cancel, timeouts, chat.caseDeadlineNanos());
    StreamRecorder recorder = new StreamRecorder(System.nanoTime(), watch, chat.sampling().maxTokens());
    StreamSink sink = new StreamSink(recorder, stream);
    loop.execute(exchange, sink);
    recorder.networkStarted(exchange.startNanos());
    sink.settle();
    Exchange.Ending ending = exchange.ending();
    if (ending.failure() != null) {
      recorder.fail(failureReason(recorder, ending.failure(), ending.headRead()));
    }
    return finish(recorder, stream, ending.atNanos());
  }

  private RequestSample streamThroughOkHttp(String path, byte[] body, ChatRequest chat, EndpointHttp.Stream stream) {
    NetworkStart.Stamp networkStart = new NetworkStart.Stamp();
    Request request = new Request.Builder().url(url(path)).post(RequestBody.create(body, JSON))
        .tag(NetworkStart.Stamp.class, networkStart).build();
    Call call = client.newCall(request);
    RequestWatch watch = RequestWatch.start(call::cancel, timeouts, chat.caseDeadlineNanos());
    StreamRecorder recorder = new StreamRecorder(System.nanoTime(), watch, chat.sampling().maxTokens());
    StreamSink sink = new StreamSink(recorder, stream);
    boolean headRead = false;
    try (Response response = call.execute()) {
      recorder.networkStarted(networkStart.orElse(recorder.startNanos));
      headRead = true;
      // OkHttp decodes a compressed body itself, so the encoding is not the sink's concern.
      ResponseHead head = new ResponseHead(response.code(), response.header("Content-Type"), response.header("Retry-After"), null);
      if (sink.head(head, System.nanoTime())) {
        InputStream in = response.body().byteStream();
        byte[] buffer = new byte[READ_BUFFER];
        boolean toTheClose = response.header("Content-Length") == null && !"chunked".equalsIgnoreCase(response.header("Transfer-Encoding"));
        int read = in.read(buffer);
        for (; read > 0; read = in.read(buffer)) {
          if (!sink.body(buffer, 0, read, System.nanoTime())) { // each read's time, before its bytes are parsed
            break;
          }
          if (toTheClose && sink.ended()) {
            break; // as ResponseDecoder does: the close may come a while after the final line
          }
        }
        if (read < 0) {
          sink.end(System.nanoTime()); // OkHttp read the body to the end its framing gives
        }
      }
      sink.settle();
    } catch (IOException | RuntimeException e) {
      recorder.fail(failureReason(recorder, e, headRead));
    } finally {
      recorder.networkStarted(networkStart.orElse(recorder.startNanos)); // also when it failed
    }
    return finish(recorder, stream, System.nanoTime());
  }

  private RequestSample finish(StreamRecorder recorder, EndpointHttp.Stream stream, long endNanos) {
    recorder.watch.stop();
    if (recorder.watch.expired() && !recorder.done()) {
      recorder.fail(recorder.watch.reason());
    }
    return recorder.finish(stream.missingEnd(), credentials::redact, endNanos);
  }

  /** A failure's reason from a stream: a deadline that cut it, else what broke it. */
  private String failureReason(StreamRecorder recorder, Throwable t, boolean midStream) {
    if (recorder.watch.expired()) {
      return recorder.watch.reason();
    }
    return recorder.done() ? "after end of stream: " + FailureReasons.raw(t) : reasons.describe(t, midStream);
  }

  /**
   * Runs the chunk path — HTTP decoding, framing, parsing, recorder — over {@code rounds} of the
   * protocol's synthetic stream, so that the JIT compiles it before the first measured request
   * instead of during it, on the core the streams are read on. Nothing is sent.
   */
  void warmUp(EndpointHttp.Stream stream, int chunks, int rounds) {
    EndpointHttp.Synthetic synthetic = stream.synthetic(chunks);
    List<byte[]> reads = HttpMessages.chunkedResponse(synthetic.contentType(), synthetic.frames());
    for (int round = 0; round < rounds; round++) {
      StreamRecorder recorder = new StreamRecorder(
          System.nanoTime(), RequestWatch.start(() -> { }, timeouts, ChatRequest.NO_DEADLINE), Integer.MAX_VALUE);
      ResponseDecoder decoder = new ResponseDecoder();
      decoder.reset(new StreamSink(recorder, stream));
      try {
        for (byte[] read : reads) {
          decoder.feed(read, 0, read.length, System.nanoTime());
        }
      } catch (IOException e) {
        throw new IllegalStateException("the synthetic warm-up stream could not be decoded", e);
      } finally {
        recorder.watch.stop();
      }
      RequestSample sample = recorder.finish(stream.missingEnd(), credentials::redact, System.nanoTime());
      if (sample.error() != null) {
        throw new IllegalStateException("the synthetic warm-up stream did not parse: " + sample.error());
      }
    }
  }

  /**
   * The event-loop client for this endpoint's streams, opened on first use; null when they go through
   * OkHttp: HTTPS (OkHttp's TLS), a proxy configured for the host, or a test that asked for it.
   */
  private StreamingHttp streamingHttp() {
    if (streamsThroughOkHttp || base.isHttps()) {
      return null;
    }
    synchronized (this) {
      if (streaming == null && !streamsThroughOkHttp) {
        if (proxied()) {
          streamsThroughOkHttp = true;
          return null;
        }
        streaming = new StreamingHttp(base.host(), base.port(), timeouts.connect(), timeouts.read());
      }
      return streaming;
    }
  }

  private boolean proxied() {
    ProxySelector selector = ProxySelector.getDefault();
    return selector != null && selector.select(base.uri()).stream().anyMatch(p -> p.type() != Proxy.Type.DIRECT);
  }

  /** CPU time of the event loop that reads this endpoint's streams; 0 before the first, or when OkHttp reads them. */
  synchronized long readerCpuNanos() {
    return streaming == null ? 0 : streaming.readerCpuNanos();
  }

  /** Streams go through OkHttp from now on, as over HTTPS: so that tests cover that path on a plain HTTP server. */
  synchronized void streamThroughOkHttp() {
    streamsThroughOkHttp = true;
  }

  private HttpUrl url(String path) {
    return base.newBuilder().addPathSegments(path).build();
  }

  synchronized void close() {
    if (streaming != null) {
      streaming.close();
    }
  }
}
