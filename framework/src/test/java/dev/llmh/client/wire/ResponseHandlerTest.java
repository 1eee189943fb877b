package dev.llmh.client.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A response decodes the same however its bytes are cut into reads — every split point is tried —
 * through the handlers a connection reads with ({@link StreamingHttp#replay}).
 */
class ResponseHandlerTest {

  private static final String CHUNKED = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"
      + "Retry-After: 3\r\n\r\n6;ext=1\r\nhello \r\nb\r\nworld\nagain\r\n0\r\nTrailer: x\r\n\r\n";

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void aChunkedResponseDecodesTheSameAtEverySplitPoint() {
    byte[] bytes = ascii(CHUNKED);
    for (int split = 1; split < bytes.length; split++) {
      CollectingSink seen = new CollectingSink();
      byte[] first = java.util.Arrays.copyOfRange(bytes, 0, split);
      byte[] rest = java.util.Arrays.copyOfRange(bytes, split, bytes.length);
      Exchange.Ending ending = StreamingHttp.replay(List.of(first, rest), seen);
      assertThat(ending).as("split at %d", split).isNotNull();
      assertThat(ending.failure()).as("split at %d", split).isNull();
      assertThat(seen.text()).as("split at %d", split).isEqualTo("hello world\nagain");
      assertThat(seen.head).isEqualTo(new ResponseHead(200, "text/event-stream", "3", null));
      assertThat(seen.complete).as("split at %d", split).isTrue();
    }
  }

  @Test
  void aResponseCutShortDoesNotEnd() {
    byte[] bytes = ascii(CHUNKED);
    CollectingSink seen = new CollectingSink();
    Exchange.Ending ending = StreamingHttp.replay(List.of(java.util.Arrays.copyOf(bytes, bytes.length - 2)), seen);
    // the replay's channel closes after its reads: a chunked body without its last chunk is cut
    assertThat(ending.failure()).isInstanceOf(EOFException.class).hasMessageContaining("mid-body");
    assertThat(seen.complete).isFalse();
  }

  @Test
  void eachBodyPieceCarriesTheArrivalOfTheReadThatBroughtIt() {
    int secondChunk = CHUNKED.indexOf("b\r\n");
    CollectingSink seen = new CollectingSink();
    StreamingHttp.replay(List.of(ascii(CHUNKED.substring(0, secondChunk)), ascii(CHUNKED.substring(secondChunk))), seen);
    assertThat(seen.arrivals).hasSize(2);
    assertThat(seen.arrivals.get(1)).isGreaterThan(seen.arrivals.get(0));
  }

  @Test
  void aContentLengthBodyEndsAtItsLengthAndACloseDelimitedOneAtTheClose() {
    CollectingSink sized = new CollectingSink();
    Exchange.Ending ending = StreamingHttp.replay(List.of(ascii("HTTP/1.1 503 Busy\r\ncontent-length: 4\r\n\r\nbusy")), sized);
    assertThat(ending.failure()).isNull();
    assertThat(sized.head.code()).isEqualTo(503);
    assertThat(sized.text()).isEqualTo("busy");
    assertThat(sized.complete).isTrue();

    CollectingSink unsized = new CollectingSink();
    ending = StreamingHttp.replay(List.of(ascii("HTTP/1.0 200 OK\r\nContent-Type: application/x-ndjson\r\n\r\n{\"a\":1}\n")), unsized);
    assertThat(ending.failure()).isNull();
    assertThat(unsized.text()).isEqualTo("{\"a\":1}\n");
    assertThat(unsized.complete).as("read to the connection's close").isTrue();
  }

  @Test
  void anInterimResponseIsSkipped() {
    CollectingSink seen = new CollectingSink();
    Exchange.Ending ending = StreamingHttp.replay(List.of(ascii(
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok")), seen);
    assertThat(ending.failure()).isNull();
    assertThat(seen.head.code()).isEqualTo(200);
    assertThat(seen.text()).isEqualTo("ok");
  }

  @Test
  void aSinkThatStopsStopsTheResponse() {
    CollectingSink seen = new CollectingSink();
    seen.stopAfterBytes = 6;
    Exchange.Ending ending = StreamingHttp.replay(List.of(ascii(CHUNKED)), seen);
    assertThat(ending.failure()).isNull();
    assertThat(seen.text()).isEqualTo("hello ");
    assertThat(seen.complete).isFalse();
  }

  @Test
  void aMalformedResponseIsAProtocolError() {
    Exchange.Ending junk = StreamingHttp.replay(
        List.of(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")), new CollectingSink());
    assertThat(junk.failure()).isInstanceOf(ProtocolException.class).hasMessageContaining("malformed HTTP response");
    assertThat(junk.headRead()).isTrue();

    Exchange.Ending notHttp = StreamingHttp.replay(List.of(ascii("SSH-2.0-OpenSSH\r\n")), new CollectingSink());
    assertThat(notHttp.failure()).isInstanceOf(ProtocolException.class);
    assertThat(notHttp.headRead()).isFalse();
  }
}
