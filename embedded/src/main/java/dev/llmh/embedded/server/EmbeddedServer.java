package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.llmh.embedded.engine.Engine;
import dev.llmh.embedded.engine.Engine.Completion;
import dev.llmh.embedded.engine.Engine.CompletionRequest;
import dev.llmh.embedded.engine.Engine.EngineInfo;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An OpenAI-compatible HTTP front over an {@link Engine}, on 127.0.0.1 only. Run in its own process
 * by {@link EmbeddedServerMain}, so that a native crash cannot take a test JVM down and the server's
 * memory can be measured on its own.
 *
 * <h2>Endpoints</h2>
 * <ul>
 *   <li>{@code GET /v1/models}: one model, the server's own id, with the engine's identity, slots
 *       and slot context under {@code meta}.</li>
 *   <li>{@code POST /v1/chat/completions}: messages go through the model's chat template, then a
 *       plain completion. {@code POST /v1/completions}: {@code prompt} is used as is. Both take
 *       max_tokens (chat also max_completion_tokens; default {@value ServerRequest#DEFAULT_MAX_TOKENS}),
 *       temperature, seed, stop (string or array), stream and stream_options.include_usage; unknown
 *       fields are ignored. The response's {@code model} is always the server's own id, so a
 *       result never credits this model's numbers to the model name a client asked for.</li>
 *   <li>400 {@code {"error":{"message":...,"type":"invalid_request_error"}}} for a malformed body,
 *       missing messages or prompt, max_tokens &lt; 1, and a prompt that with max_tokens does not fit
 *       a slot's context (never truncated silently); 404 for other paths; 405 for wrong methods; 500
 *       when the engine fails before a stream has started.</li>
 * </ul>
 *
 * <h2>Streaming</h2>
 * {@code text/event-stream}, one {@code data: {json}\n\n} event per piece the engine decodes,
 * flushed at once. Chat: a role chunk, then {@code delta.content} chunks, then a chunk with an empty
 * delta and the finish_reason; completions: {@code text} chunks, then an empty text with the
 * finish_reason. Then, only if include_usage was asked, a {@code "choices":[]} chunk with usage, and
 * {@code data: [DONE]}. The finish_reason chunk and the usage chunk carry llama.cpp-style
 * {@code timings}. Headers and the role chunk are sent only once the engine produced its first piece
 * (or finished), so a prompt the engine rejects still gets a proper 400. An engine failure after
 * that becomes an SSE {@code {"error":{...}}} event and the stream ends without {@code [DONE]}.
 *
 * <h2>Slots</h2>
 * At most {@link Engine#slots()} requests are in {@link Engine#complete} at once; the rest wait on a
 * fair semaphore, FIFO. Waiting is real latency, never a failure. A client that disconnects is
 * noticed when a write to it fails (the kernel usually accepts one more write, so within about two
 * pieces): the sink throws, the engine stops and frees the slot. A client that leaves while queued,
 * or during a non-streamed request, is only noticed when its answer is written.
 *
 * <p>The JDK server is told to use TCP_NODELAY (system property {@code sun.net.httpserver.nodelay},
 * set here unless already set, read once per JVM), so small SSE writes are not held back by Nagle's
 * algorithm.
 *
 * <p>{@link #close()} stops the HTTP server; the engine belongs to the caller, who may close it
 * once {@link #stop(Duration)} says no generation is left.
 */
public final class EmbeddedServer implements AutoCloseable {

  static {
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  private static final AtomicInteger SERVER_COUNT = new AtomicInteger();

  private final Engine engine;
  private final String modelId;
  private final HttpServer http;
  private final ExecutorService executor;
  private final Semaphore slots;
  private final ObjectMapper mapper = new ObjectMapper();
  private final AtomicLong requestCounter = new AtomicLong();

  private EmbeddedServer(Engine engine, String modelId, int port) throws IOException {
    if (engine.slots() < 1) {
      throw new IllegalArgumentException("the engine must have at least one slot, has " + engine.slots());
    }
    this.engine = engine;
    this.modelId = modelId;
    this.slots = new Semaphore(engine.slots(), true);
    int serverNumber = SERVER_COUNT.incrementAndGet();
    AtomicInteger threadCount = new AtomicInteger();
    ThreadFactory daemons = r -> {
      Thread t = new Thread(r, "llmh-embedded-" + serverNumber + "-" + threadCount.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    // Unbounded: a request waiting for a slot holds a thread, and a bounded pool would turn a long
    // queue into refused connections instead of latency.
    this.executor = Executors.newCachedThreadPool(daemons);
    this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 256);
    http.setExecutor(executor);
    http.createContext("/", this::handle);
    http.start();
  }

  /**
   * Starts serving {@code engine} as {@code modelId} on {@code port} of 127.0.0.1 (0: an ephemeral
   * port, see {@link #port()}).
   */
  public static EmbeddedServer start(Engine engine, String modelId, int port) {
    try {
      return new EmbeddedServer(engine, modelId, port);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded server on 127.0.0.1:" + port, e);
    }
  }

  public int port() {
    return http.getAddress().getPort();
  }

  public String modelId() {
    return modelId;
  }

  /**
   * Stops at once: open connections are closed and queued requests abandoned. Then waits up to
   * {@code timeout} for generations in progress to end; a streamed one ends at its next write to the
   * closed connection, a non-streamed one only when the engine finishes it.
   *
   * @return whether no generation is left, so that the engine can be closed safely (closing a
   *     native engine under a running generation can crash the process)
   */
  public boolean stop(Duration timeout) {
    http.stop(0);
    executor.shutdownNow();
    int all = engine.slots();
    try {
      if (slots.tryAcquire(all, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        slots.release(all);
        return true;
      }
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** {@link #stop(Duration)} with 5 seconds for generations in progress. */
  @Override
  public void close() {
    stop(Duration.ofSeconds(5));
  }

  // ---------------------------------------------------------------- routing

  private void handle(HttpExchange ex) {
    try {
      String path = ex.getRequestURI().getPath();
      String method = ex.getRequestMethod();
      switch (path) {
        case "/v1/models" -> {
          if (allowed(ex, method, "GET")) {
            models(ex);
          }
        }
        case "/v1/chat/completions" -> {
          if (allowed(ex, method, "POST")) {
            generate(ex, true);
          }
        }
        case "/v1/completions" -> {
          if (allowed(ex, method, "POST")) {
            generate(ex, false);
          }
        }
        default -> error(ex, 404, "not_found_error", "no such endpoint: " + method + " " + path);
      }
    } catch (IOException e) {
      // the client went away while we answered: nothing to do
    } catch (RuntimeException e) {
      try {
        error(ex, 500, "server_error", "embedded server failure: " + e);
      } catch (IOException | RuntimeException ignored) {
        // headers may already be sent
      }
    } finally {
      ex.close();
    }
  }

  private boolean allowed(HttpExchange ex, String method, String expected) throws IOException {
    if (method.equals(expected)) {
      return true;
    }
    ex.getResponseHeaders().set("Allow", expected);
    error(ex, 405, "invalid_request_error", "method " + method + " not allowed; use " + expected);
    return false;
  }

  private void models(HttpExchange ex) throws IOException {
    ObjectNode root = mapper.createObjectNode();
    root.put("object", "list");
    ObjectNode model = root.putArray("data").addObject();
    model.put("id", modelId);
    model.put("object", "model");
    model.put("created", 0);
    model.put("owned_by", "llmh-embedded");
    EngineInfo info = engine.info();
    ObjectNode meta = model.putObject("meta");
    meta.put("engine", info.engine());
    meta.put("engineVersion", info.engineVersion());
    meta.put("modelFile", info.modelFile());
    meta.put("modelBytes", info.modelBytes());
    meta.put("modelSha256", info.modelSha256());
    meta.put("modelShape", info.modelShape());
    meta.put("slots", engine.slots());
    meta.put("slotContext", engine.slotContext());
    sendJson(ex, 200, root);
  }

  // ---------------------------------------------------------------- completions

  private void generate(HttpExchange ex, boolean chat) throws IOException {
    byte[] body = ex.getRequestBody().readAllBytes();
    ServerRequest request;
    try {
      request = chat ? ServerRequest.parseChat(mapper, body) : ServerRequest.parseCompletion(mapper, body);
    } catch (ServerRequest.BadRequest e) {
      error(ex, 400, "invalid_request_error", e.getMessage());
      return;
    }
    String prompt = chat ? engine.applyChatTemplate(request.messages()) : request.prompt();

    // Rejected before queueing, so a prompt that can never fit does not wait for a slot first. The
    // engine checks again (it may count a BOS token this count leaves out); both answer 400.
    int promptTokens = engine.countTokens(prompt);
    if ((long) promptTokens + request.maxTokens() > engine.slotContext()) {
      error(ex, 400, "invalid_request_error", "prompt too long: " + promptTokens + " prompt tokens + "
          + request.maxTokens() + " max tokens exceed the slot context of " + engine.slotContext()
          + " tokens; shorten the prompt or lower max_tokens (the prompt is never truncated)");
      return;
    }

    long number = requestCounter.incrementAndGet();
    Reply reply = new Reply(ex, request, (chat ? "chatcmpl-llmh-" : "cmpl-llmh-") + number);
    CompletionRequest completionRequest = new CompletionRequest(prompt, request.maxTokens(),
        request.temperature(), request.seed(), request.stop());
    try {
      slots.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return; // server closing
    }
    Completion completion;
    try {
      completion = engine.complete(completionRequest, reply::piece);
    } catch (IOException | RuntimeException e) {
      if (reply.clientGone) {
        return; // our own sink threw: the engine stopped and freed the slot
      }
      if (e instanceof Engine.PromptTooLongException) {
        reply.fail(400, "invalid_request_error", e.getMessage());
      } else {
        reply.fail(500, "server_error", "engine failure: " + describe(e));
      }
      return;
    } finally {
      slots.release();
    }
    reply.finish(completion);
  }

  /** One answer being written: as SSE events, or collected for one JSON body. */
  private final class Reply {
    private final HttpExchange ex;
    private final ServerRequest request;
    private final String id;
    private final long created = System.currentTimeMillis() / 1000;
    private final StringBuilder text = new StringBuilder();
    private OutputStream out;
    /** Set when a write to the client failed: the engine's exception is then ours, not a failure. */
    volatile boolean clientGone;

    Reply(HttpExchange ex, ServerRequest request, String id) {
      this.ex = ex;
      this.request = request;
      this.id = id;
    }

    /** The engine's sink. Throws when the client is gone, which makes the engine stop. */
    void piece(String piece) throws IOException {
      if (!request.stream()) {
        text.append(piece);
        return;
      }
      if (piece.isEmpty()) {
        return;
      }
      try {
        begin();
        ObjectNode root = chunk();
        if (request.chat()) {
          choice(root).putObject("delta").put("content", piece);
        } else {
          choice(root).put("text", piece);
        }
        choice(root).putNull("finish_reason");
        event(mapper.writeValueAsString(root));
      } catch (IOException e) {
        clientGone = true;
        throw e;
      }
    }

    /** Sends the SSE headers and, for chat, the role chunk, once. */
    private void begin() throws IOException {
      if (out != null) {
        return;
      }
      ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
      ex.getResponseHeaders().set("Cache-Control", "no-cache");
      ex.sendResponseHeaders(200, 0);
      out = ex.getResponseBody();
      if (request.chat()) {
        ObjectNode root = chunk();
        ObjectNode delta = choice(root).putObject("delta");
        delta.put("role", "assistant");
        delta.put("content", "");
        choice(root).putNull("finish_reason");
        event(mapper.writeValueAsString(root));
      }
    }

    void finish(Completion c) throws IOException {
      if (request.stream()) {
        begin();
        ObjectNode last = chunk();
        if (request.chat()) {
          choice(last).putObject("delta");
        } else {
          choice(last).put("text", "");
        }
        choice(last).put("finish_reason", c.finishReason());
        last.set("timings", timings(c));
        event(mapper.writeValueAsString(last));
        if (request.includeUsage()) {
          ObjectNode usage = base(request.chat() ? "chat.completion.chunk" : "text_completion");
          usage.putArray("choices");
          usage.set("usage", usage(c));
          usage.set("timings", timings(c));
          event(mapper.writeValueAsString(usage));
        }
        event("[DONE]");
        return;
      }
      ObjectNode root = base(request.chat() ? "chat.completion" : "text_completion");
      ObjectNode choice = root.putArray("choices").addObject();
      choice.put("index", 0);
      if (request.chat()) {
        ObjectNode message = choice.putObject("message");
        message.put("role", "assistant");
        message.put("content", text.toString());
      } else {
        choice.put("text", text.toString());
        choice.putNull("logprobs");
      }
      choice.put("finish_reason", c.finishReason());
      root.set("usage", usage(c));
      root.set("timings", timings(c));
      sendJson(ex, 200, root);
    }

    /** A failure: a plain error response if nothing was sent yet, else an SSE error event. */
    void fail(int status, String type, String message) throws IOException {
      if (out == null) {
        error(ex, status, type, message);
        return;
      }
      ObjectNode root = mapper.createObjectNode();
      ObjectNode error = root.putObject("error");
      error.put("message", message);
      error.put("type", type);
      error.put("code", status);
      event(mapper.writeValueAsString(root)); // and no [DONE]: the stream did not complete
    }

    private ObjectNode base(String object) {
      ObjectNode root = mapper.createObjectNode();
      root.put("id", id);
      root.put("object", object);
      root.put("created", created);
      root.put("model", modelId);
      return root;
    }

    private ObjectNode chunk() {
      ObjectNode root = base(request.chat() ? "chat.completion.chunk" : "text_completion");
      root.putArray("choices").addObject().put("index", 0);
      return root;
    }

    private ObjectNode choice(ObjectNode root) {
      return (ObjectNode) root.get("choices").get(0);
    }

    private void event(String data) throws IOException {
      out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    }
  }

  // ---------------------------------------------------------------- JSON and wire

  private ObjectNode usage(Completion c) {
    ObjectNode usage = mapper.createObjectNode();
    usage.put("prompt_tokens", c.promptTokens());
    usage.put("completion_tokens", c.completionTokens());
    usage.put("total_tokens", c.promptTokens() + c.completionTokens());
    return usage;
  }

  /** As llama.cpp's server reports them. */
  private ObjectNode timings(Completion c) {
    ObjectNode timings = mapper.createObjectNode();
    timings.put("prompt_n", c.promptTokens());
    timings.put("prompt_ms", c.promptMs());
    timings.put("predicted_n", c.completionTokens());
    timings.put("predicted_ms", c.predictedMs());
    return timings;
  }

  private void sendJson(HttpExchange ex, int status, ObjectNode root) throws IOException {
    byte[] bytes = mapper.writeValueAsBytes(root);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  private void error(HttpExchange ex, int status, String type, String message) throws IOException {
    ex.getRequestBody().readAllBytes();
    ObjectNode root = mapper.createObjectNode();
    ObjectNode error = root.putObject("error");
    error.put("message", message);
    error.put("type", type);
    error.put("code", status);
    sendJson(ex, status, root);
  }

  /** The exception and its causes on one line: llama.cpp's reasons are often only in a cause. */
  static String describe(Throwable t) {
    StringBuilder s = new StringBuilder(String.valueOf(t));
    Throwable c = t.getCause();
    for (int depth = 0; c != null && depth < 8; depth++, c = c.getCause()) { // bounded: causes can cycle
      s.append("; caused by ").append(c);
    }
    return s.toString().replace('\n', ' ').replace('\r', ' ');
  }
}
