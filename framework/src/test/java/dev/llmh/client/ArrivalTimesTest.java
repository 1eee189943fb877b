package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;
import dev.llmh.sim.Offsets;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * A chunk's time is when its bytes arrived, not when the parser got round to it: checked against a
 * server in this JVM whose own clock says when it wrote each piece, over both transports. How soon
 * after its write a chunk is stamped is this machine's speed, so it is judged against the server's
 * stamps of the same writes with {@link Offsets#lateDisagreement}: a chunk held back until the next
 * write (buffering) is stamped a whole pause late in every request, which no noise hides.
 */
class ArrivalTimesTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));
  /** The pause before every piece but the first: the delay a chunk held back by one write would carry. */
  private static final long PAUSE_MS = 40;
  /** Requests that open the connection and run the path before any is judged. */
  private static final int WARMUP = 5;
  /** Requests judged: enough for the quartiles of their offsets to say what the machine did. */
  private static final int MEASURED = 15;

  @Test
  void framesThatArriveInOneWriteShareItsTimeAndALaterWriteIsTimedAfterItWasSent() throws Exception {
    // Two chunks in the first write; the third, split mid-event across two writes a pause apart.
    String third = event("C");
    List<String> pieces = List.of(event("A") + event("B"), third.substring(0, 10), third.substring(10) + "data: [DONE]\n\n");
    try (ScriptedServer server = new ScriptedServer(pieces);
        OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, server.url(), Credentials.NONE, TIMEOUTS, Network.SYSTEM)) {
      client.warmUp();
      List<Double> stamped = new ArrayList<>();
      List<Double> written = new ArrayList<>();
      for (int i = 0; i < WARMUP + MEASURED; i++) {
        RequestSample sample = client.send(ChatRequest.builder(null, "hi", 16).seed(1).build());
        ScriptedServer.Served served = server.served.get(i);

        assertThat(sample.error()).isNull();
        List<Long> times = sample.timing().textChunkNanos();
        assertThat(times).hasSize(3);
        // The same write: the same time, though B was parsed after A (a timestamp taken at dispatch differs).
        assertThat(times.get(1)).isEqualTo(times.get(0));
        // Each after its bytes were written; C completed with the last piece, not with the first half of it.
        assertThat(times.get(0)).isGreaterThanOrEqualTo(served.written().get(0));
        assertThat(times.get(2)).isGreaterThanOrEqualTo(served.written().get(2));
        assertThat(sample.timing().startNanos()).isLessThan(served.requestRead());
        if (i >= WARMUP) {
          stamped.add(times.get(0) / 1e6);
          written.add(served.written().get(0) / 1e6);
        }
      }
      // A stamp after the next write (a piece held back until more came) is a delay of a whole pause.
      Offsets late = Offsets.of("first write's chunks, client stamp - server write", stamped, written);
      assertThat(late.lateDisagreement(Offsets.SPAN_FLOOR_MS, PAUSE_MS)).as(late.toString()).isNull();
    }
  }

  @Test
  void warmingUpRunsEveryProtocolsChunkPathWithoutSendingAnything() {
    // Port 9 (discard) on a host that does not exist: a request sent would fail, and warmUp would throw.
    for (Api api : Api.values()) {
      try (HttpProtocolClient client = api.ollama()
          ? new OllamaClient(api, "http://warm-up.invalid:9", Credentials.NONE, TIMEOUTS, Network.SYSTEM)
          : new OpenAiChatClient(api, "http://warm-up.invalid:9/v1", Credentials.NONE, TIMEOUTS, Network.SYSTEM)) {
        client.warmUp();
      }
    }
  }

  private static String event(String text) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"}}]}\n\n";
  }

  /**
   * Answers every request, on every connection the client opens and keeps alive, with a chunked
   * event stream written piece by piece, pausing {@link #PAUSE_MS} before every piece but the first,
   * and notes when each request was read and each write began.
   */
  private static final class ScriptedServer implements AutoCloseable {
    /** One answered request: when its body was read, and when each piece's write began (filled as they begin). */
    record Served(long requestRead, List<Long> written) {}

    final ServerSocket socket = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
    final List<Served> served = new CopyOnWriteArrayList<>();
    private final Thread thread;

    ScriptedServer(List<String> pieces) throws Exception {
      thread = new Thread(() -> accept(pieces), "scripted-server");
      thread.setDaemon(true);
      thread.start();
    }

    String url() {
      return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
    }

    private void accept(List<String> pieces) {
      while (!socket.isClosed()) {
        try {
          Socket s = socket.accept();
          Thread connection = new Thread(() -> serve(s, pieces), "scripted-connection");
          connection.setDaemon(true);
          connection.start();
        } catch (Exception e) {
          return; // closed
        }
      }
    }

    private void serve(Socket s, List<String> pieces) {
      try (s) {
        s.setTcpNoDelay(true);
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        for (String head = readHead(in); !head.isEmpty(); head = readHead(in)) {
          int length = Integer.parseInt(head.replaceAll("(?is).*content-length: *(\\d+).*", "$1"));
          in.readNBytes(length);
          // Noted before the answer is written, each stamp before its write: what the client reads is here.
          List<Long> written = new CopyOnWriteArrayList<>();
          served.add(new Served(System.nanoTime(), written));
          out.write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
              .getBytes(StandardCharsets.US_ASCII));
          out.flush();
          for (int i = 0; i < pieces.size(); i++) {
            if (i > 0) {
              long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PAUSE_MS);
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
        }
      } catch (Exception e) {
        // the test's assertions say what went wrong
      }
    }

    /** The request's head, or empty once the client closed the connection. */
    private static String readHead(InputStream in) throws java.io.IOException {
      StringBuilder head = new StringBuilder();
      while (!head.toString().endsWith("\r\n\r\n")) {
        int b = in.read();
        if (b < 0) {
          return "";
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
