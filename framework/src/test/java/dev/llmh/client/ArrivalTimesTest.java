package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A chunk's time is when its bytes arrived, not when the parser got round to it: checked against a
 * server in this JVM whose own clock says when it wrote each piece, over both transports.
 */
class ArrivalTimesTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));
  private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(40);

  @ParameterizedTest(name = "through OkHttp: {0}")
  @ValueSource(booleans = {false, true})
  void framesThatArriveInOneWriteShareItsTimeAndALaterWriteIsTimedAfterItWasSent(boolean okHttp) throws Exception {
    // Two chunks in the first write; the third, split mid-event across two writes 40 ms apart.
    String third = event("C");
    List<String> pieces = List.of(event("A") + event("B"), third.substring(0, 10), third.substring(10) + "data: [DONE]\n\n");
    try (ScriptedServer server = new ScriptedServer(pieces);
        OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, server.url(), Credentials.NONE, TIMEOUTS)) {
      if (okHttp) {
        client.http.streamThroughOkHttp();
      }
      RequestSample sample = client.send(new ChatRequest(null, "hi", 16, 0.0, 1, false));

      assertThat(sample.error()).isNull();
      List<Long> times = sample.textChunkNanos();
      List<Long> written = server.written;
      assertThat(times).hasSize(3);
      // The same write: the same time, though B was parsed after A (a timestamp taken at dispatch differs).
      assertThat(times.get(1)).isEqualTo(times.get(0));
      // Each after its bytes were written, and before the next piece was (that one began with a 40 ms pause).
      assertThat(times.get(0)).isBetween(written.get(0), written.get(1));
      // C completed with the last piece, not with the first half of it.
      assertThat(times.get(2)).isGreaterThanOrEqualTo(written.get(2));
      assertThat(sample.startNanos()).isLessThan(server.requestRead);
    }
  }

  @Test
  void warmingUpRunsEveryProtocolsChunkPathWithoutSendingAnything() {
    // Port 9 (discard) on a host that does not exist: a request sent would fail, and warmUp would throw.
    for (Api api : Api.values()) {
      try (HttpProtocolClient client = api.ollama()
          ? new OllamaClient(api, "http://warm-up.invalid:9", Credentials.NONE, TIMEOUTS)
          : new OpenAiChatClient(api, "http://warm-up.invalid:9/v1", Credentials.NONE, TIMEOUTS)) {
        client.warmUp();
      }
    }
  }

  private static String event(String text) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"}}]}\n\n";
  }

  /**
   * Answers one request with a chunked event stream written piece by piece, pausing 40 ms before
   * every piece but the first, and notes when each write returned.
   */
  private static final class ScriptedServer implements AutoCloseable {
    final ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    final List<Long> written = new CopyOnWriteArrayList<>();
    volatile long requestRead;
    private final Thread thread;

    ScriptedServer(List<String> pieces) throws Exception {
      thread = new Thread(() -> serve(pieces), "scripted-server");
      thread.setDaemon(true);
      thread.start();
    }

    String url() {
      return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
    }

    private void serve(List<String> pieces) {
      try (Socket s = socket.accept()) {
        s.setTcpNoDelay(true);
        InputStream in = s.getInputStream();
        String head = readHead(in);
        int length = Integer.parseInt(head.replaceAll("(?is).*content-length: *(\\d+).*", "$1"));
        in.readNBytes(length);
        requestRead = System.nanoTime();
        OutputStream out = s.getOutputStream();
        out.write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        for (int i = 0; i < pieces.size(); i++) {
          if (i > 0) {
            long until = System.nanoTime() + PAUSE_NANOS;
            while (System.nanoTime() < until) {
              LockSupport.parkNanos(until - System.nanoTime());
            }
          }
          byte[] data = pieces.get(i).getBytes(StandardCharsets.UTF_8);
          written.add(System.nanoTime()); // just before: the client cannot see the bytes any earlier
          out.write((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
          out.write(data);
          out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
          out.flush();
        }
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        in.read(); // until the client closes
      } catch (Exception e) {
        // the test's assertions say what went wrong
      }
    }

    private static String readHead(InputStream in) throws java.io.IOException {
      StringBuilder head = new StringBuilder();
      while (!head.toString().endsWith("\r\n\r\n")) {
        int b = in.read();
        if (b < 0) {
          break;
        }
        head.append((char) b);
      }
      return head.toString();
    }

    @Override
    public void close() throws Exception {
      socket.close();
      thread.join(2000);
    }
  }
}
