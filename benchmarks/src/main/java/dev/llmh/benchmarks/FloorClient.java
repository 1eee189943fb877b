package dev.llmh.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.benchmarks.accuracy.ChunkedSseReader;
import dev.llmh.benchmarks.accuracy.ProcessCpu;
import dev.llmh.benchmarks.accuracy.Setting;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A reference, not the harness: the least a JVM client can do to time a stream, to tell the error
 * this machine and server add from the harness's own. One platform thread and one kept-alive socket
 * per stream, the request written by hand, and each chunk's time read right after the socket read
 * that completed it ({@link ChunkedSseReader}); no HTTP library, no JSON parsing on the way, no
 * statistics, nothing written until the end. Same closed loop as the harness: warm-up requests
 * first (one per stream, at least 2), then the measured ones.
 *
 * <p>Writes {@code latest.json} in the shape of the harness's results file as far as {@link
 * dev.llmh.benchmarks.accuracy.Measured} reads it ({@code ttft_ms}, {@code chunk_ms}, {@code
 * prompt_tokens} per sample) and its CPU ticks from the first request to the last to {@code <case
 * CPU file>}.
 *
 * <p>Arguments: {@code <setting> <endpoint> <results dir> <case CPU file>}. With the environment
 * variable {@code FLOOR_THREADS=virtual} (JDK 21+) the workers are virtual threads, to measure what
 * they change (docs/benchmarks.md: they make the tail worse).
 */
public final class FloorClient {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private FloorClient() {}

  /** One measured request: times in ms from just before its request bytes were written. */
  record Sample(double ttftMs, List<Double> chunkMs, long tag) {}

  public static void main(String[] args) throws Exception {
    Setting setting = Setting.named(args[0]);
    URI endpoint = URI.create(args[1]);
    Path resultsDir = Path.of(args[2]);
    byte[] request = request(endpoint, setting.tokens());
    int streams = setting.concurrency();
    long cpuAtStart = ProcessCpu.ownTicks();
    ExecutorService pool = "virtual".equals(System.getenv("FLOOR_THREADS"))
        ? (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null)
        : Executors.newFixedThreadPool(streams);
    List<Socket> sockets = new ArrayList<>();
    for (int i = 0; i < streams; i++) {
      sockets.add(new Socket(endpoint.getHost(), endpoint.getPort()));
    }
    run(pool, sockets, Math.max(2, streams), request, null);
    List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
    run(pool, sockets, setting.requests(), request, samples);
    long cpuTicks = ProcessCpu.ownTicks() - cpuAtStart;
    pool.shutdown();
    for (Socket s : sockets) {
      s.close();
    }
    Files.createDirectories(resultsDir);
    MAPPER.writeValue(resultsDir.resolve("latest.json").toFile(), record(samples));
    Files.writeString(Path.of(args[3]), Long.toString(cpuTicks));
  }

  /** Sends {@code count} requests as a closed loop, one worker per socket; records them when {@code into} is given. */
  private static void run(ExecutorService pool, List<Socket> sockets, int count, byte[] request, List<Sample> into)
      throws Exception {
    AtomicInteger left = new AtomicInteger(count);
    List<Future<?>> workers = new ArrayList<>();
    for (Socket socket : sockets) {
      workers.add(pool.submit(() -> {
        ChunkedSseReader reader = new ChunkedSseReader(socket.getInputStream());
        OutputStream out = socket.getOutputStream();
        while (left.getAndDecrement() > 0) {
          Sample sample = exchange(reader, out, request);
          if (into != null) {
            into.add(sample);
          }
        }
        return null;
      }));
    }
    for (Future<?> worker : workers) {
      worker.get();
    }
  }

  private static Sample exchange(ChunkedSseReader reader, OutputStream out, byte[] request) throws IOException {
    long t0 = System.nanoTime(); // as late as possible before the request bytes are written
    out.write(request);
    out.flush();
    reader.readHeaders();
    List<Double> chunkMs = new ArrayList<>();
    long tag = -1;
    String event;
    while ((event = reader.nextEvent()) != null) {
      if (hasContent(event)) {
        chunkMs.add((reader.eventNanos() - t0) / 1e6);
      } else if (event.contains("\"prompt_tokens\":")) {
        tag = promptTokens(event);
      }
    }
    if (chunkMs.isEmpty() || tag < 0) {
      throw new IOException("response without content or usage");
    }
    return new Sample(chunkMs.get(0), chunkMs, tag);
  }

  /** A chunk carrying text: {@code "content":"} followed by something other than the closing quote. */
  static boolean hasContent(String event) {
    int at = event.indexOf("\"content\":\"");
    return at >= 0 && event.charAt(at + "\"content\":\"".length()) != '"';
  }

  static long promptTokens(String event) {
    int from = event.indexOf("\"prompt_tokens\":") + "\"prompt_tokens\":".length();
    int to = from;
    while (to < event.length() && Character.isDigit(event.charAt(to))) {
      to++;
    }
    return Long.parseLong(event.substring(from, to));
  }

  static byte[] request(URI endpoint, int tokens) {
    String body = "{\"model\":\"any\",\"stream\":true,\"max_tokens\":" + tokens
        + ",\"stream_options\":{\"include_usage\":true},"
        + "\"messages\":[{\"role\":\"user\",\"content\":\"Count from one to one hundred.\"}]}";
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    String head = "POST " + endpoint.getPath() + "/chat/completions HTTP/1.1\r\n"
        + "Host: " + endpoint.getHost() + ":" + endpoint.getPort() + "\r\n"
        + "Content-Type: application/json\r\nAccept: text/event-stream\r\n"
        + "Content-Length: " + bytes.length + "\r\n\r\n";
    byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[headBytes.length + bytes.length];
    System.arraycopy(headBytes, 0, all, 0, headBytes.length);
    System.arraycopy(bytes, 0, all, headBytes.length, bytes.length);
    return all;
  }

  static ObjectNode record(List<Sample> samples) {
    ObjectNode root = MAPPER.createObjectNode();
    root.putObject("environment").put("javaVersion", System.getProperty("java.version"));
    ArrayNode out = root.putArray("results").addObject().putArray("samples");
    for (Sample s : samples) {
      ObjectNode node = out.addObject();
      node.put("ttft_ms", s.ttftMs());
      node.put("prompt_tokens", s.tag());
      ArrayNode chunks = node.putArray("chunk_ms");
      s.chunkMs().forEach(chunks::add);
    }
    return root;
  }
}
