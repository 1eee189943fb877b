package dev.llmh.sim;

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

  /** One fault on one request ({@link #EVERY} for every request). */
  public sealed interface Fault {
    long request();
  }

  /** The request number that matches every request. */
  public static final long EVERY = 0;

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

  /** 429 Too Many Requests with a {@code Retry-After} header, as a rate-limiting gateway answers. */
  public record RateLimited(long request, String retryAfter) implements Fault {}

  /** {@code 200 text/html}: a login page or proxy error page where the stream should be. */
  public record HtmlPage(long request) implements Fault {}

  /**
   * The stream as the protocol sends it, but {@code chunks} text chunks whatever {@code max_tokens}
   * said, with usage reporting {@code claimedTokens} (OpenAI {@code completion_tokens}, Ollama
   * {@code eval_count}), and every chunk's text as given. Covers a server that ignores
   * {@code max_tokens}, usage that contradicts the stream, an echo of the Authorization header
   * into {@code model}, and text that is not valid UTF-8.
   *
   * @param model the {@code model} each chunk names; {@link #ECHO_AUTHORIZATION} echoes the request's header
   * @param invalidUtf8 the second text chunk carries bytes that are not UTF-8
   * @param every the pause between chunks
   */
  public record Scripted(long request, int chunks, int claimedTokens, String model, boolean invalidUtf8, Duration every)
      implements Fault {}

  /** Text chunks every {@code every}, never ending (until the client goes away, or a minute passes). */
  public record Endless(long request, Duration every) implements Fault {}

  /** {@link Scripted#model()} that echoes the request's Authorization header. */
  public static final String ECHO_AUTHORIZATION = "<echo Authorization>";

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

  public static Fault rateLimited(long request, String retryAfter) {
    return new RateLimited(request, retryAfter);
  }

  public static Fault htmlPage(long request) {
    return new HtmlPage(request);
  }

  /** {@code chunks} text chunks for any {@code max_tokens}, with truthful usage. */
  public static Fault ignoresMaxTokens(long request, int chunks) {
    return new Scripted(request, chunks, chunks, "sim", false, Duration.ZERO);
  }

  /** {@code chunks} text chunks and usage claiming {@code claimedTokens}. */
  public static Fault inflatedUsage(long request, int chunks, int claimedTokens) {
    return new Scripted(request, chunks, claimedTokens, "sim", false, Duration.ZERO);
  }

  public static Fault echoesAuthorization(long request) {
    return new Scripted(request, 4, 4, ECHO_AUTHORIZATION, false, Duration.ZERO);
  }

  public static Fault invalidUtf8(long request) {
    return new Scripted(request, 4, 4, "sim", true, Duration.ZERO);
  }

  public static Fault endless(long request, Duration every) {
    return new Endless(request, every);
  }

  public List<Fault> faults() {
    return faults;
  }

  @Override
  public boolean interceptRequest(long requestNumber, HttpExchange exchange) throws IOException {
    for (Fault fault : faults) {
      if (fault.request() != requestNumber && fault.request() != EVERY) {
        continue;
      }
      if (fault instanceof RateLimited r) {
        exchange.getResponseHeaders().set("Retry-After", r.retryAfter());
        FaultStreams.json(exchange, 429, "rate limited: slow down");
        return true;
      }
      if (fault instanceof HtmlPage) {
        FaultStreams.html(exchange);
        return true;
      }
      if (fault instanceof Scripted script) {
        FaultStreams.scripted(exchange, script);
        return true;
      }
      if (fault instanceof Endless endless) {
        FaultStreams.endless(exchange, endless.every());
        return true;
      }
      if (fault instanceof Status s) {
        FaultStreams.json(exchange, s.status(), s.message());
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
      if (fault.request() != requestNumber && fault.request() != EVERY) {
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
