package dev.llmh.client.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A response decodes the same however its bytes are cut into reads: every split point is tried. */
class ResponseDecoderTest {

  private static final String CHUNKED = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"
      + "Retry-After: 3\r\n\r\n6;ext=1\r\nhello \r\nb\r\nworld\nagain\r\n0\r\nTrailer: x\r\n\r\n";

  @Test
  void aChunkedResponseDecodesTheSameAtEverySplitPoint() throws Exception {
    byte[] bytes = CHUNKED.getBytes(StandardCharsets.US_ASCII);
    for (int split = 1; split < bytes.length; split++) {
      CollectingSink seen = new CollectingSink();
      ResponseDecoder decoder = new ResponseDecoder();
      decoder.reset(seen);
      assertThat(decoder.feed(bytes, 0, split, 1)).as("split at %d", split).isEqualTo(ResponseDecoder.Progress.MORE);
      assertThat(decoder.feed(bytes, split, bytes.length - split, 2)).as("split at %d", split)
          .isEqualTo(ResponseDecoder.Progress.COMPLETE);
      assertThat(seen.body.toString(StandardCharsets.US_ASCII)).as("split at %d", split).isEqualTo("hello world\nagain");
      assertThat(seen.head).isEqualTo(new ResponseHead(200, "text/event-stream", "3", null));
      assertThat(decoder.reusable()).isTrue();
      assertThat(decoder.consumed()).isEqualTo(bytes.length - split);
    }
  }

  @Test
  void eachBodyPieceCarriesTheArrivalOfTheReadThatBroughtIt() throws Exception {
    byte[] bytes = CHUNKED.getBytes(StandardCharsets.US_ASCII);
    int secondChunk = CHUNKED.indexOf("b\r\n");
    CollectingSink seen = new CollectingSink();
    ResponseDecoder decoder = new ResponseDecoder();
    decoder.reset(seen);
    decoder.feed(bytes, 0, secondChunk, 100);
    decoder.feed(bytes, secondChunk, bytes.length - secondChunk, 200);
    assertThat(seen.arrivals).containsExactly(100L, 200L);
  }

  @Test
  void aContentLengthBodyEndsAtItsLengthAndACloseDelimitedOneAtTheClose() throws Exception {
    CollectingSink sized = new CollectingSink();
    ResponseDecoder decoder = new ResponseDecoder();
    decoder.reset(sized);
    byte[] bytes = "HTTP/1.1 503 Busy\r\ncontent-length: 4\r\n\r\nbusy".getBytes(StandardCharsets.US_ASCII);
    assertThat(decoder.feed(bytes, 0, bytes.length, 1)).isEqualTo(ResponseDecoder.Progress.COMPLETE);
    assertThat(sized.head.code()).isEqualTo(503);
    assertThat(sized.body.toString(StandardCharsets.US_ASCII)).isEqualTo("busy");
    assertThat(decoder.reusable()).isTrue();

    CollectingSink unsized = new CollectingSink();
    decoder.reset(unsized);
    bytes = "HTTP/1.0 200 OK\r\nContent-Type: application/x-ndjson\r\n\r\n{\"a\":1}\n".getBytes(StandardCharsets.US_ASCII);
    assertThat(decoder.feed(bytes, 0, bytes.length, 1)).isEqualTo(ResponseDecoder.Progress.MORE);
    assertThat(decoder.endOfInput(System.nanoTime())).isEqualTo(ResponseDecoder.Progress.COMPLETE);
    assertThat(unsized.body.toString(StandardCharsets.US_ASCII)).isEqualTo("{\"a\":1}\n");
    assertThat(decoder.reusable()).isFalse();
  }

  @Test
  void anInterimResponseIsSkippedAndConnectionCloseIsHonoured() throws Exception {
    CollectingSink seen = new CollectingSink();
    ResponseDecoder decoder = new ResponseDecoder();
    decoder.reset(seen);
    byte[] bytes = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok"
        .getBytes(StandardCharsets.US_ASCII);
    assertThat(decoder.feed(bytes, 0, bytes.length, 1)).isEqualTo(ResponseDecoder.Progress.COMPLETE);
    assertThat(seen.head.code()).isEqualTo(200);
    assertThat(decoder.reusable()).isFalse();
  }

  @Test
  void aSinkThatStopsStopsTheResponse() throws Exception {
    CollectingSink seen = new CollectingSink();
    seen.stopAfterBytes = 6;
    ResponseDecoder decoder = new ResponseDecoder();
    decoder.reset(seen);
    byte[] bytes = CHUNKED.getBytes(StandardCharsets.US_ASCII);
    assertThat(decoder.feed(bytes, 0, bytes.length, 1)).isEqualTo(ResponseDecoder.Progress.STOPPED);
    assertThat(seen.body.toString(StandardCharsets.US_ASCII)).isEqualTo("hello ");
    assertThat(decoder.reusable()).isFalse();
  }

  @Test
  void aCutOrMalformedResponseIsAnError() throws Exception {
    ResponseDecoder decoder = new ResponseDecoder();
    decoder.reset(new CollectingSink());
    byte[] cut = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nhel".getBytes(StandardCharsets.US_ASCII);
    decoder.feed(cut, 0, cut.length, 1);
    assertThat(decoder.headRead()).isTrue();
    assertThatThrownBy(() -> decoder.endOfInput(System.nanoTime())).isInstanceOf(EOFException.class).hasMessageContaining("mid-body");

    decoder.reset(new CollectingSink());
    byte[] junk = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".getBytes(StandardCharsets.US_ASCII);
    assertThatThrownBy(() -> decoder.feed(junk, 0, junk.length, 1)).isInstanceOf(ProtocolException.class)
        .hasMessageContaining("chunk size");

    decoder.reset(new CollectingSink());
    byte[] notHttp = "SSH-2.0-OpenSSH\r\n".getBytes(StandardCharsets.US_ASCII);
    assertThatThrownBy(() -> decoder.feed(notHttp, 0, notHttp.length, 1)).isInstanceOf(ProtocolException.class)
        .hasMessageContaining("not an HTTP/1.1 response");
  }
}
