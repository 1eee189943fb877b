package dev.llmh.client;

import dev.llmh.client.wire.Exchange;
import dev.llmh.client.wire.StreamingHttp;
import dev.llmh.measure.RequestSample;
import java.util.List;

/**
 * An endpoint's streaming requests, the path every measured request takes, on the endpoint's
 * {@link StreamingHttp}: each read stamped on its event loop as it returns, whether the endpoint is
 * plain HTTP, HTTPS, HTTP/2 or behind a proxy.
 */
final class EndpointStreams {
  private final BaseUrl base;
  private final StreamingHttp http;
  private final Credentials credentials;
  private final Timeouts timeouts;
  private final FailureReasons reasons;

  EndpointStreams(BaseUrl base, StreamingHttp http, Credentials credentials, Timeouts timeouts) {
    this.base = base;
    this.http = http;
    this.credentials = credentials;
    this.timeouts = timeouts;
    this.reasons = new FailureReasons(timeouts.connect(), timeouts.read());
  }

  /**
   * POSTs {@code body} to {@code path} as one streaming request and records what arrived; every
   * failure — refused, wrong content, broken, late — becomes the sample's error, never an exception.
   */
  RequestSample stream(String path, byte[] body, ChatRequest chat, EndpointHttp.Stream stream) {
    Exchange exchange = new Exchange(HttpMessages.post(base, path, body, credentials));
    RequestWatch watch = RequestWatch.start(exchange::cancel, timeouts, chat.caseDeadlineNanos());
    StreamRecorder recorder = new StreamRecorder(System.nanoTime(), watch, chat.sampling().maxTokens());
    StreamSink sink = new StreamSink(recorder, stream);
    http.execute(exchange, sink);
    recorder.networkStarted(exchange.startNanos(), exchange.phases());
    sink.settle();
    Exchange.Ending ending = exchange.ending();
    if (ending.failure() != null) {
      recorder.fail(failureReason(recorder, ending.failure(), ending.headRead()));
    }
    return finish(recorder, stream, ending.atNanos());
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
   * instead of during it. Nothing is sent.
   */
  void warmUp(EndpointHttp.Stream stream, int chunks, int rounds) {
    EndpointHttp.Synthetic synthetic = stream.synthetic(chunks);
    List<byte[]> reads = HttpMessages.chunkedResponse(synthetic.contentType(), synthetic.frames());
    for (int round = 0; round < rounds; round++) {
      StreamRecorder recorder = new StreamRecorder(
          System.nanoTime(), RequestWatch.start(() -> { }, timeouts, ChatRequest.NO_DEADLINE), Integer.MAX_VALUE);
      Exchange.Ending ending;
      try {
        ending = StreamingHttp.replay(reads, new StreamSink(recorder, stream));
      } finally {
        recorder.watch.stop();
      }
      RequestSample sample = recorder.finish(stream.missingEnd(), credentials::redact, System.nanoTime());
      if (ending == null || ending.failure() != null || sample.error() != null) {
        throw new IllegalStateException("the synthetic warm-up stream did not parse: "
            + (ending == null ? "it did not end" : ending.failure() != null ? ending.failure() : sample.error()));
      }
    }
  }

  /** CPU time of the event loop that reads this endpoint's streams. */
  long readerCpuNanos() {
    return http.readerCpuNanos();
  }
}
