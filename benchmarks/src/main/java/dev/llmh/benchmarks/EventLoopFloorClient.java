package dev.llmh.benchmarks;

import dev.llmh.benchmarks.accuracy.EventLoopServer;
import dev.llmh.benchmarks.accuracy.ProcessCpu;
import dev.llmh.benchmarks.accuracy.Setting;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link FloorClient}'s event-loop twin, to decide from measurements whether thread wake-ups shape
 * the error at 16 streams (issue 10, acceptance 4): one thread, one selector, all streams'
 * kept-alive sockets non-blocking. When the server writes a chunk to every stream at once (as a
 * batching server does every decode step), one wake-up reads them all, each stamped right after
 * its own socket read, instead of sixteen threads waking one after another on one core.
 *
 * <p>Same closed loop, warm-up, request and output as {@link FloorClient}; same arguments.
 */
public final class EventLoopFloorClient {
  private EventLoopFloorClient() {}

  /** One kept-alive connection and the response being read on it. */
  private static final class Stream {
    final SocketChannel channel;
    final StringBuilder text = new StringBuilder();
    final List<Double> chunkMs = new ArrayList<>();
    long t0;
    long tag = -1;
    boolean done;

    Stream(SocketChannel channel) {
      this.channel = channel;
    }
  }

  public static void main(String[] args) throws Exception {
    Setting setting = Setting.named(args[0]);
    URI endpoint = URI.create(args[1]);
    // Compile this client's path first, on a server of our own without delays (as the harness does).
    try (EventLoopServer local = EventLoopServer.start(0, 0, setting.tokens())) {
      URI localUri = URI.create(local.baseUrl());
      Selector warm = Selector.open();
      List<Stream> warmStreams = connect(localUri, setting.concurrency(), warm);
      run(warm, warmStreams, 3000, FloorClient.request(localUri, setting.tokens()), new ArrayList<>());
      for (Stream s : warmStreams) {
        s.channel.close();
      }
      warm.close();
    }
    byte[] request = FloorClient.request(endpoint, setting.tokens());
    long cpuAtStart = ProcessCpu.ownTicks();
    Selector selector = Selector.open();
    List<Stream> streams = connect(endpoint, setting.concurrency(), selector);
    run(selector, streams, Math.max(2, streams.size()), request, null);
    List<FloorClient.Sample> samples = new ArrayList<>();
    run(selector, streams, setting.requests(), request, samples);
    long cpuTicks = ProcessCpu.ownTicks() - cpuAtStart;
    for (Stream s : streams) {
      s.channel.close();
    }
    Path resultsDir = Path.of(args[2]);
    Files.createDirectories(resultsDir);
    new com.fasterxml.jackson.databind.ObjectMapper()
        .writeValue(resultsDir.resolve("latest.json").toFile(), FloorClient.record(samples));
    Files.writeString(Path.of(args[3]), Long.toString(cpuTicks));
  }

  private static List<Stream> connect(URI endpoint, int count, Selector selector) throws IOException {
    List<Stream> streams = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      SocketChannel channel = SocketChannel.open(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()));
      channel.socket().setTcpNoDelay(true);
      channel.configureBlocking(false);
      Stream stream = new Stream(channel);
      channel.register(selector, SelectionKey.OP_READ, stream);
      streams.add(stream);
    }
    return streams;
  }

  private static void run(Selector selector, List<Stream> streams, int count, byte[] request,
      List<FloorClient.Sample> into) throws IOException {
    int started = 0;
    int finished = 0;
    for (Stream s : streams) {
      if (started < count) {
        send(s, request);
        started++;
      }
    }
    ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    while (finished < count) {
      selector.select();
      for (SelectionKey key : selector.selectedKeys()) {
        Stream s = (Stream) key.attachment();
        buffer.clear();
        int read = s.channel.read(buffer);
        long now = System.nanoTime(); // these bytes' arrival, before any parsing
        if (read < 0) {
          throw new IOException("server closed a connection");
        }
        s.text.append(new String(buffer.array(), 0, read, StandardCharsets.ISO_8859_1));
        consume(s, now);
        if (s.done) {
          finished++;
          if (into != null) {
            into.add(new FloorClient.Sample(s.chunkMs.get(0), List.copyOf(s.chunkMs), s.tag));
          }
          if (started < count) {
            send(s, request);
            started++;
          }
        }
      }
      selector.selectedKeys().clear();
    }
  }

  private static void send(Stream s, byte[] request) throws IOException {
    s.text.setLength(0);
    s.chunkMs.clear();
    s.tag = -1;
    s.done = false;
    ByteBuffer out = ByteBuffer.wrap(request);
    s.t0 = System.nanoTime(); // as late as possible before the request bytes are written
    while (out.hasRemaining()) {
      s.channel.write(out);
    }
  }

  /** Takes every whole SSE event out of the text read so far; the response ends after {@code [DONE]}. */
  private static void consume(Stream s, long now) {
    for (;;) {
      int start = s.text.indexOf("data: ");
      int end = start < 0 ? -1 : s.text.indexOf("\n\n", start);
      if (end < 0) {
        if (s.tag >= 0 && s.text.indexOf("0\r\n\r\n") >= 0) {
          s.done = !s.chunkMs.isEmpty();
        }
        return;
      }
      String event = s.text.substring(start + 6, end);
      s.text.delete(0, end + 2);
      if (FloorClient.hasContent(event)) {
        s.chunkMs.add((now - s.t0) / 1e6);
      } else if (event.contains("\"prompt_tokens\":")) {
        s.tag = FloorClient.promptTokens(event);
      }
    }
  }
}
