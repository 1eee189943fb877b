package dev.llmh.client;

import dev.llmh.client.wire.ResponseHead;
import dev.llmh.client.wire.ResponseSink;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One streamed response into its {@link StreamRecorder}, whichever transport read it: a success in
 * the protocol's content type goes through the protocol's {@link LineFrames}; anything else is
 * refused with its status or content type and the start of its body, never the whole of a large one.
 */
final class StreamSink implements ResponseSink {
  private static final int EXCERPT_BYTES = 1200;

  private final StreamRecorder recorder;
  private final EndpointHttp.Stream stream;
  private LineFrames frames;
  private String refusal;
  private ByteArrayOutputStream excerpt;

  StreamSink(StreamRecorder recorder, EndpointHttp.Stream stream) {
    this.recorder = recorder;
    this.stream = stream;
  }

  @Override
  public boolean head(ResponseHead head, long arrival) {
    String type = mediaType(head.contentType());
    if (!head.successful()) {
      recorder.retryAfter = head.retryAfter();
      refusal = "HTTP " + head.code() + (head.retryAfter() == null ? "" : " (Retry-After: " + head.retryAfter() + ")");
    } else if (type == null || !stream.accepts(type)) {
      refusal = "unexpected content type "
          + (type != null ? type : head.contentType() == null ? "(none)" : head.contentType());
    } else if (head.contentEncoding() != null) {
      recorder.fail("the stream came compressed (Content-Encoding: " + head.contentEncoding()
          + "), which the request did not ask for and the client does not decode");
      return false;
    } else {
      frames = stream.frames(recorder);
      return true;
    }
    excerpt = new ByteArrayOutputStream();
    return true;
  }

  /** The media type of a {@code Content-Type}, lower case and without its parameters; null when it names none. */
  static String mediaType(String contentType) {
    if (contentType == null) {
      return null;
    }
    int semicolon = contentType.indexOf(';');
    String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    int slash = type.indexOf('/');
    return slash > 0 && slash < type.length() - 1 ? type : null;
  }

  @Override
  public boolean body(byte[] bytes, int offset, int length, long arrival) {
    if (frames != null) {
      frames.feed(bytes, offset, length, arrival);
      return !recorder.over() || recorder.done(); // a broken stream is not read to its end; a finished one is, to keep its connection
    }
    excerpt.write(bytes, offset, Math.min(length, EXCERPT_BYTES - excerpt.size()));
    return excerpt.size() < EXCERPT_BYTES;
  }

  /** The body's end is the end of its last line, even one the server sent without a line end. */
  @Override
  public void end(long arrival) {
    if (frames != null) {
      frames.end(arrival);
    }
  }

  @Override
  public boolean ended() {
    return frames != null && recorder.done();
  }

  /** Once the response is over: a refused one fails the request with its reason. */
  void settle() {
    if (refusal != null) {
      recorder.fail(refusal + ": " + EndpointHttp.excerpt(excerpt.toString(StandardCharsets.UTF_8)));
    }
  }
}
