package dev.llmh.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Fault injection for the simulator, through its {@link SimulatorHook}: each {@link Fault} names
 * the request it hits (1-based, as the server counts them, warm-up included) and what goes wrong.
 * Every other request is served normally, so a test can check that one failure leaves the rest of
 * the run alone. Event indexes count the SSE events of one response from 0, the role-only chunk
 * included when the server sends one.
 *
 * <p>Immutable; {@code Faults.of(Faults.status(3, 503), Faults.resetAfter(5, 2))}.
 */
public final class Faults implements SimulatorHook {

  /** One fault on one request. */
  public sealed interface Fault {
    long request();
  }

  /** The request is answered with HTTP {@code status} and a JSON error body, before any event. */
  public record Status(long request, int status, String message) implements Fault {}

  /**
   * After {@code afterEvents} events the connection is closed abruptly: no terminating chunk of the
   * chunked body, no {@code [DONE]} — what a crashed server or a proxy's reset looks like.
   */
  public record Reset(long request, int afterEvents) implements Fault {}

  /** The stream ends cleanly (HTTP-wise) but the {@code [DONE]} terminator is never sent. */
  public record NoDone(long request) implements Fault {}

  /** Event {@code eventIndex} is replaced by text that is not JSON. */
  public record Malformed(long request, int eventIndex) implements Fault {}

  /** The server is silent for {@code pause} before sending event {@code eventIndex}. */
  public record Stall(long request, int eventIndex, Duration pause) implements Fault {}

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final List<Fault> faults;

  private Faults(List<Fault> faults) {
    this.faults = List.copyOf(faults);
  }

  public static Faults of(Fault... faults) {
    return new Faults(List.of(faults));
  }

  public static Fault status(long request, int status) {
    return new Status(request, status, "injected failure " + status);
  }

  public static Fault resetAfter(long request, int events) {
    return new Reset(request, events);
  }

  public static Fault noDone(long request) {
    return new NoDone(request);
  }

  public static Fault malformed(long request, int eventIndex) {
    return new Malformed(request, eventIndex);
  }

  public static Fault stallBefore(long request, int eventIndex, Duration pause) {
    return new Stall(request, eventIndex, Objects.requireNonNull(pause));
  }

  public List<Fault> faults() {
    return faults;
  }

  @Override
  public boolean interceptRequest(long requestNumber, HttpExchange exchange) throws IOException {
    for (Fault fault : faults) {
      if (fault.request() != requestNumber) {
        continue;
      }
      if (fault instanceof Status s) {
        ObjectNode root = MAPPER.createObjectNode();
        ObjectNode error = root.putObject("error");
        error.put("message", s.message());
        error.put("type", "server_error");
        error.put("code", s.status());
        byte[] bytes = MAPPER.writeValueAsBytes(root);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(s.status(), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(bytes);
        }
        return true;
      }
      if (fault instanceof Reset r) {
        // The JDK server closes the connection itself, without the body's last chunk, when closing
        // the response stream fails; a stream that fails after N events does exactly that.
        exchange.setStreams(null, new ResettingStream(exchange.getResponseBody(), r.afterEvents()));
      }
    }
    return false;
  }

  @Override
  public String interceptEvent(long requestNumber, int eventIndex, String payload) {
    String result = payload;
    for (Fault fault : faults) {
      if (fault.request() != requestNumber) {
        continue;
      }
      if (fault instanceof NoDone && "[DONE]".equals(payload)) {
        return null;
      }
      if (fault instanceof Malformed m && m.eventIndex() == eventIndex) {
        result = "{\"choices\": [ this is not json";
      }
      if (fault instanceof Stall s && s.eventIndex() == eventIndex) {
        sleep(s.pause());
      }
    }
    return result;
  }

  private static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the server is closing: stop stalling
    }
  }

  @Override
  public String toString() {
    return "Faults" + faults;
  }

  /** Lets {@code events} SSE events through, then fails every write and the close. */
  private static final class ResettingStream extends FilterOutputStream {
    private static final byte[] EVENT_END = "\n\n".getBytes(StandardCharsets.UTF_8);
    private final int events;
    private int written;
    private boolean broken;

    ResettingStream(OutputStream out, int events) {
      super(out);
      this.events = events;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (broken || written >= events) {
        broken = true;
        throw new IOException("injected connection reset");
      }
      out.write(b, off, len);
      if (endsWith(b, off, len, EVENT_END)) {
        written++;
      }
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void close() throws IOException {
      if (broken || written >= events) {
        throw new IOException("injected connection reset");
      }
      super.close();
    }

    private static boolean endsWith(byte[] b, int off, int len, byte[] suffix) {
      if (len < suffix.length) {
        return false;
      }
      for (int i = 0; i < suffix.length; i++) {
        if (b[off + len - suffix.length + i] != suffix[i]) {
          return false;
        }
      }
      return true;
    }
  }
}
