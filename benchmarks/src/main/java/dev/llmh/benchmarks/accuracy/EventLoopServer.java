package dev.llmh.benchmarks.accuracy;

import dev.llmh.sim.ServedRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The accuracy benchmark's ground truth: an OpenAI chat-completions server on a fixed schedule with
 * two threads in all, so that nothing of its own competes with a chunk's write. The simulator runs a
 * thread per stream; at 16 streams on one core those threads wake, spin and write into each other's
 * time, and a chunk could leave up to a millisecond after the time its thread had taken for it.
 *
 * <p>The <em>reader</em> blocks in a selector, so it wakes as a request's first bytes arrive and
 * takes that as the request's arrival; once the request is whole it answers (headers and the role
 * chunk at once), numbers it and hands it to the {@link Sender}, which fires each stream's next
 * deadline — first answer chunk at arrival + TTFT, then one chunk per ITL — on time: it reads the
 * clock and writes. Each content chunk's time in the log is that reading, taken just before its write.
 *
 * <p>Every response's {@code usage.prompt_tokens} is the request's number, so each sample the
 * harness records names the served request it was. {@code GET …/models} lists one model, any
 * other path is 404; {@code max_tokens} (or {@code max_completion_tokens}) below the configured
 * length shortens the answer.
 */
public final class EventLoopServer implements AutoCloseable {
  private static final long SPIN_NANOS = 250_000L;
  private static final Pattern MAX_TOKENS = Pattern.compile("\"max(?:_completion)?_tokens\"\\s*:\\s*(\\d+)");
  private static final byte[] MODELS = ("{\"object\":\"list\",\"data\":[{\"id\":\"any\",\"object\":\"model\","
      + "\"owned_by\":\"llmh-ground-truth\"}]}").getBytes(StandardCharsets.UTF_8);

  /** What the reader prepared for one streamed response: its bytes, and what its log record names. */
  private record Response(SocketChannel channel, long number, long arrival, long first, byte[][] chunks, byte[] ending,
      int port) {}

  /** A response being streamed; only the sender touches it once handed over. */
  private final class Stream implements Sender.Due {
    final Response response;
    final long[] sentAt;
    int next;

    Stream(Response response) {
      this.response = response;
      this.sentAt = new long[response.chunks().length];
    }

    @Override
    public long due() {
      return response.first() + next * gapNanos;
    }

    @Override
    public boolean fire() {
      return sendNext(this);
    }
  }

  private final long ttftNanos;
  private final long gapNanos;
  private final int tokens;
  private final ServerSocketChannel listener;
  private final Selector selector;
  private final List<ServedRequest> served = new CopyOnWriteArrayList<>();
  private final Thread reader;
  private final Sender sender = new Sender("ground-truth-sender");
  private volatile boolean closed;
  private long requests;

  private EventLoopServer(long ttftNanos, long gapNanos, int tokens) throws IOException {
    this.ttftNanos = ttftNanos;
    this.gapNanos = gapNanos;
    this.tokens = tokens;
    this.selector = Selector.open();
    this.listener = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0), 64);
    listener.configureBlocking(false).register(selector, SelectionKey.OP_ACCEPT);
    this.reader = new Thread(this::readLoop, "ground-truth-reader");
  }

  /** Starts a server: first answer chunk {@code ttftNanos} after arrival, then one per {@code gapNanos}. */
  public static EventLoopServer start(long ttftNanos, long gapNanos, int tokens) throws IOException {
    EventLoopServer server = new EventLoopServer(ttftNanos, gapNanos, tokens);
    server.reader.start();
    server.sender.start();
    return server;
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + listener.socket().getLocalPort() + "/v1";
  }

  /** What was served so far, finished streams only, in the order they finished. */
  public List<ServedRequest> servedRequests() {
    return List.copyOf(served);
  }

  @Override
  public void close() throws IOException {
    closed = true;
    selector.wakeup();
    sender.close();
    try {
      reader.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    selector.close();
    listener.close();
  }

  private void readLoop() {
    try {
      while (!closed) {
        selector.select();
        long now = System.nanoTime();
        for (SelectionKey key : selector.selectedKeys()) {
          if (key.isAcceptable()) {
            SocketChannel channel = listener.accept();
            if (channel != null) {
              channel.configureBlocking(false);
              channel.socket().setTcpNoDelay(true);
              channel.register(selector, SelectionKey.OP_READ, new HttpRequestReader());
            }
          } else if (key.isReadable()) {
            read(key, now);
          }
        }
        selector.selectedKeys().clear();
      }
    } catch (IOException e) {
      if (!closed) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private void read(SelectionKey key, long now) throws IOException {
    SocketChannel channel = (SocketChannel) key.channel();
    HttpRequestReader request = (HttpRequestReader) key.attachment();
    if (!request.readFrom(channel, now)) {
      key.cancel();
      channel.close();
      return;
    }
    while (request.complete()) {
      answer(channel, request);
      request.next();
    }
  }

  private void answer(SocketChannel channel, HttpRequestReader request) throws IOException {
    String target = request.target();
    if (request.method().equals("GET") && target.endsWith("/models")) {
      writeFully(channel, response("200 OK", "application/json", MODELS));
      return;
    }
    if (!request.method().equals("POST") || !target.endsWith("/chat/completions")) {
      writeFully(channel, response("404 Not Found", "text/plain", "not found".getBytes(StandardCharsets.US_ASCII)));
      return;
    }
    long number = ++requests;
    Matcher limit = MAX_TOKENS.matcher(request.body());
    int count = limit.find() ? Math.min(tokens, Integer.parseInt(limit.group(1))) : tokens;
    String id = "\"id\":\"chatcmpl-gt-" + number + "\",\"object\":\"chat.completion.chunk\",\"created\":0,"
        + "\"model\":\"any\"";
    byte[][] chunks = new byte[count][];
    for (int k = 0; k < count; k++) {
      chunks[k] = event("{" + id + ",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" t" + k
          + "\"},\"finish_reason\":null}]}");
    }
    byte[] ending = concat(
        event("{" + id + ",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\""
            + (count < tokens ? "length" : "stop") + "\"}]}"),
        event("{" + id + ",\"choices\":[],\"usage\":{\"prompt_tokens\":" + number + ",\"completion_tokens\":" + count
            + ",\"total_tokens\":" + (number + count) + "}}"),
        event("[DONE]"),
        "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    writeFully(channel, concat(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII),
        event("{" + id + ",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},"
            + "\"finish_reason\":null}]}")));
    long arrival = request.arrival();
    int port = ((InetSocketAddress) channel.getRemoteAddress()).getPort();
    sender.add(new Stream(new Response(channel, number, arrival, arrival + ttftNanos, chunks, ending, port)));
  }

  /** Writes the stream's next chunk (and its ending after the last); true if more chunks follow. */
  private boolean sendNext(Stream stream) {
    Response r = stream.response;
    boolean more;
    try {
      stream.sentAt[stream.next] = System.nanoTime();
      writeFully(r.channel(), r.chunks()[stream.next]);
      stream.next++;
      more = stream.next < r.chunks().length;
      if (!more) {
        writeFully(r.channel(), r.ending());
      }
    } catch (IOException e) {
      more = false; // the client went away: record what was sent
    }
    if (!more) {
      List<Long> chunkNanos = new ArrayList<>(stream.next);
      for (int k = 0; k < stream.next; k++) {
        chunkNanos.add(stream.sentAt[k]);
      }
      ServedRequest.Times times = new ServedRequest.Times(r.arrival(), r.arrival(), chunkNanos, System.nanoTime());
      served.add(new ServedRequest(r.number(),
          new ServedRequest.Request("any", "/v1/chat/completions", true, r.port(), List.of()), times,
          new ServedRequest.Outcome((int) r.number(), 0, stream.next, 0, stream.next < tokens ? "length" : "stop",
              stream.next < r.chunks().length)));
    }
    return more;
  }

  /** Non-blocking channel: a few hundred bytes always fit the socket buffer, so this rarely loops. */
  private static void writeFully(SocketChannel channel, byte[] bytes) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    while (buffer.hasRemaining()) {
      if (channel.write(buffer) == 0) {
        Thread.onSpinWait();
      }
    }
  }

  /** One SSE event as one HTTP chunk. */
  private static byte[] event(String data) {
    byte[] payload = ("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8);
    return concat((Integer.toHexString(payload.length) + "\r\n").getBytes(StandardCharsets.US_ASCII), payload,
        "\r\n".getBytes(StandardCharsets.US_ASCII));
  }

  private static byte[] response(String status, String type, byte[] body) {
    return concat(("HTTP/1.1 " + status + "\r\nContent-Type: " + type + "\r\nContent-Length: " + body.length
        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), body);
  }

  private static byte[] concat(byte[]... parts) {
    int length = 0;
    for (byte[] part : parts) {
      length += part.length;
    }
    byte[] all = new byte[length];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, all, at, part.length);
      at += part.length;
    }
    return all;
  }
}
