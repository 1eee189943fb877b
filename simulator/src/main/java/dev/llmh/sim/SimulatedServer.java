package dev.llmh.sim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A deterministic simulated OpenAI-compatible streaming server on 127.0.0.1: the embedded default
 * endpoint for now, and the ground truth for LLMH's timing tests.
 *
 * <h2>Endpoints</h2>
 * <ul>
 *   <li>{@code GET /v1/models}: one model, {@link SimulatorSettings#modelId()}.</li>
 *   <li>{@code POST /v1/chat/completions}: model, messages, max_tokens (or max_completion_tokens),
 *       temperature (ignored), seed, stream, stream_options.include_usage; unknown fields are
 *       ignored. The response's {@code model} is always the server's own id.</li>
 *   <li>400 {@code {"error":{"message":...}}} for a malformed body, missing/empty messages or
 *       max_tokens &lt; 1; 401 when an API key is required and not given as a bearer token; 404 for
 *       other paths; 405 for wrong methods.</li>
 * </ul>
 *
 * <h2>Timing model</h2>
 * A request that gets its slot at time {@code s} (slots are taken FIFO; waiting for one is real
 * latency) sends its first content chunk at
 * {@code first = s + firstTokenDelay + promptTokens / prefillTokensPerSecond} and content chunk
 * {@code k} at {@code first + k * tokensPerChunk / decodeTokensPerSecond}, on absolute deadlines (no
 * drift accumulates), each flushed at once. Then, immediately: a chunk with an empty delta and the
 * finish_reason, a usage chunk ({@code "choices":[]}) only if include_usage was asked, and
 * {@code data: [DONE]}. With {@code roleChunkFirst}, a role-only chunk is sent as soon as the request
 * is accepted, before queueing: a harness must not take it for the first token. A non-streamed
 * response is sent whole at the time the last chunk would have been.
 *
 * <h2>Output</h2>
 * {@code completion_tokens = min(max_tokens, naturalLength)}; finish_reason is {@code "length"} when
 * max_tokens cut the natural length, else {@code "stop"}. Token texts come from
 * {@link SimTokenizer#outputToken(long, int)} with the request's seed (0 if absent); prompt tokens
 * are counted by {@link SimTokenizer#countTokens(CharSequence)}.
 *
 * <p>A client that disconnects mid-stream is noticed on the next failed write (the kernel usually
 * accepts one more write, so within two chunk gaps); generation then stops and the slot is released
 * at once. A client that leaves while still queued is only noticed once its request has a slot. Every accepted chat-completion request that finished or was
 * abandoned is recorded as a {@link ServedRequest} (rejected ones, 4xx, are not).
 *
 * <p>The JDK server is told to use TCP_NODELAY (system property {@code sun.net.httpserver.nodelay},
 * set here unless already set, and read once per JVM), so small SSE writes are not held back by
 * Nagle's algorithm.
 */
public final class SimulatedServer implements AutoCloseable {

  static {
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  /**
   * Below this much time to a deadline the waiting thread spins instead of parking: parking
   * overshoots by ~50-100 us (timer slack), and {@code Thread.yield()} could hand a busy core's
   * time slice (milliseconds) to another process. Short, so many streams on 2 cores stay cheap.
   */
  private static final long SPIN_NANOS = 250_000L;
  private static final AtomicInteger SERVER_COUNT = new AtomicInteger();

  private final SimulatorSettings settings;
  private final HttpServer http;
  private final ExecutorService executor;
  private final Semaphore slots;
  private final ObjectMapper mapper = new ObjectMapper();
  private final AtomicLong requestCounter = new AtomicLong();
  private final List<ServedRequest> served = new ArrayList<>();
  private final String baseUrl;

  private SimulatedServer(SimulatorSettings settings) throws IOException {
    this.settings = settings;
    this.slots = new Semaphore(settings.slots(), true);
    int serverNumber = SERVER_COUNT.incrementAndGet();
    AtomicInteger threadCount = new AtomicInteger();
    ThreadFactory daemons = r -> {
      Thread t = new Thread(r, "llmh-sim-" + serverNumber + "-" + threadCount.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    this.executor = Executors.newCachedThreadPool(daemons);
    this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    http.setExecutor(executor);
    http.createContext("/", this::handle);
    http.start();
    this.baseUrl = "http://127.0.0.1:" + http.getAddress().getPort() + "/v1";
  }

  /** Starts a server on an ephemeral port of 127.0.0.1. */
  public static SimulatedServer start(SimulatorSettings settings) {
    try {
      return new SimulatedServer(settings);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the simulated server", e);
    }
  }

  /** E.g. {@code http://127.0.0.1:PORT/v1}. */
  public String baseUrl() {
    return baseUrl;
  }

  /** E.g. {@code http://127.0.0.1:PORT}: the base URL of the Ollama-native paths ({@code /api/...}). */
  public String rootUrl() {
    return baseUrl.substring(0, baseUrl.length() - "/v1".length());
  }

  public int port() {
    return http.getAddress().getPort();
  }

  public SimulatorSettings settings() {
    return settings;
  }

  /** A snapshot of the finished requests, in completion order. */
  public List<ServedRequest> servedRequests() {
    synchronized (served) {
      return List.copyOf(served);
    }
  }

  /**
   * Waits until at least {@code count} requests are recorded (a client may see the end of a
   * response a moment before the server records it) and returns the snapshot.
   *
   * @throws IllegalStateException if they are not there within {@code timeout}
   */
  public List<ServedRequest> awaitServedRequests(int count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (served) {
      while (served.size() < count) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new IllegalStateException("expected " + count + " served requests within " + timeout
              + ", have " + served.size());
        }
        long ms = Math.max(1, left / 1_000_000L);
        served.wait(ms);
      }
      return List.copyOf(served);
    }
  }

  /** Stops at once: open connections are closed and waiting requests abandoned. */
  @Override
  public void close() {
    http.stop(0);
    executor.shutdownNow();
  }

  // ---------------------------------------------------------------- routing

  private void handle(HttpExchange ex) {
    long arrival = System.nanoTime();
    try {
      String path = ex.getRequestURI().getPath();
      String method = ex.getRequestMethod();
      switch (path) {
        case "/v1/models" -> {
          if (!allowed(ex, method, "GET") || !authorised(ex)) {
            return;
          }
          models(ex);
        }
        case "/v1/chat/completions", "/v1/completions", "/api/chat", "/api/generate" -> {
          if (!allowed(ex, method, "POST") || !authorised(ex)) {
            return;
          }
          Protocol protocol = java.util.Arrays.stream(Protocol.values())
              .filter(p -> p.path.equals(path)).findFirst().orElseThrow();
          chat(ex, arrival, protocol);
        }
        case "/api/tags" -> {
          if (!allowed(ex, method, "GET") || !authorised(ex)) {
            return;
          }
          tags(ex);
        }
        default -> error(ex, 404, "not_found_error", "no such endpoint: " + method + " " + path);
      }
    } catch (IOException e) {
      // the client went away while we answered a short request: nothing to do
    } catch (RuntimeException e) {
      try {
        error(ex, 500, "server_error", "simulator failure: " + e);
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

  private boolean authorised(HttpExchange ex) throws IOException {
    String key = settings.requiredApiKey();
    if (key == null) {
      return true;
    }
    String given = ex.getRequestHeaders().getFirst("Authorization");
    if (given != null && given.equals("Bearer " + key)) {
      return true;
    }
    error(ex, 401, "invalid_request_error",
        given == null ? "missing API key: send 'Authorization: Bearer <key>'" : "invalid API key");
    return false;
  }

  private void models(HttpExchange ex) throws IOException {
    ObjectNode root = mapper.createObjectNode();
    root.put("object", "list");
    ObjectNode model = root.putArray("data").addObject();
    model.put("id", settings.modelId());
    model.put("object", "model");
    model.put("created", 0);
    model.put("owned_by", "llmh-sim");
    sendJson(ex, 200, root);
  }

  // ---------------------------------------------------------------- chat completions

  /** Ollama's model listing. */
  private void tags(HttpExchange ex) throws IOException {
    ObjectNode root = mapper.createObjectNode();
    ObjectNode model = root.putArray("models").addObject();
    model.put("name", settings.modelId());
    model.put("model", settings.modelId());
    sendJson(ex, 200, root);
  }

  private void chat(HttpExchange ex, long arrival, Protocol protocol) throws IOException {
    byte[] body = ex.getRequestBody().readAllBytes();
    ChatRequest request;
    try {
      request = ChatRequest.parse(mapper, body, protocol);
      if (protocol != Protocol.CHAT && !request.stream()) {
        throw new ChatRequest.BadRequest("the simulator streams " + protocol.path + " only");
      }
    } catch (ChatRequest.BadRequest e) {
      error(ex, 400, "invalid_request_error", e.getMessage());
      return;
    }
    long number = requestCounter.incrementAndGet();
    if (settings.hook().interceptRequest(number, ex)) {
      return;
    }
    int limit = request.maxTokens() != null ? request.maxTokens() : settings.defaultMaxTokens();
    Plan plan = new Plan(number, request, "chatcmpl-sim-" + number, System.currentTimeMillis() / 1000,
        Math.min(limit, settings.naturalLength()),
        settings.naturalLength() > limit ? "length" : "stop", protocol);
    if (request.stream()) {
      stream(ex, plan, arrival);
    } else {
      whole(ex, plan, arrival);
    }
  }

  /** Everything decided about one request before its slot. */
  private record Plan(long number, ChatRequest request, String id, long created, int completionTokens,
            String finishReason, Protocol protocol) {
  }

  private void stream(HttpExchange ex, Plan plan, long arrival) throws IOException {
    Protocol protocol = plan.protocol();
    ex.getResponseHeaders().set("Content-Type",
        protocol.ollama() ? "application/x-ndjson" : "text/event-stream; charset=utf-8");
    ex.getResponseHeaders().set("Cache-Control", "no-cache");
    ex.sendResponseHeaders(200, 0);
    OutputStream out = ex.getResponseBody();
    int tpc = settings.tokensPerChunk();
    int total = plan.completionTokens();
    // Reasoning tokens [0, r) and answer tokens [r, total) are chunked separately: no chunk mixes them.
    int reasoning = protocol.reasoningChannel() ? Math.min(settings.reasoningTokens(), total) : 0;
    List<int[]> spans = new ArrayList<>();
    for (int from = 0; from < reasoning; from += tpc) {
      spans.add(new int[] {from, Math.min(reasoning, from + tpc)});
    }
    for (int from = reasoning; from < total; from += tpc) {
      spans.add(new int[] {from, Math.min(total, from + tpc)});
    }
    List<Long> flushed = new ArrayList<>(spans.size());
    int sentTokens = 0;
    int sentReasoning = 0;
    int event = 0;
    boolean disconnected = false;
    long slotAt = -1;
    long finishedAt;
    try {
      if (settings.roleChunkFirst() && protocol == Protocol.CHAT) {
        ObjectNode delta = mapper.createObjectNode();
        delta.put("role", "assistant");
        delta.put("content", "");
        writeEvent(out, plan, event++, chunkJson(plan, delta, null));
      }
      try {
        slots.acquire();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return; // server closing: not recorded
      }
      try {
        slotAt = System.nanoTime();
        long load = plan.number() == 1 ? settings.firstRequestLoad().toNanos() : 0L;
        long first = firstChunkDeadline(slotAt, plan) + load;
        long gap = settings.chunkGapNanos();
        for (int k = 0; k < spans.size(); k++) {
          int from = spans.get(k)[0];
          int to = spans.get(k)[1];
          String text = SimTokenizer.outputText(plan.request().seed(), from, to);
          String json = textChunk(plan, text, from < reasoning, to);
          waitUntil(first + k * gap);
          long sendAt = System.nanoTime();
          writeEvent(out, plan, event++, json);
          flushed.add(sendAt);
          sentTokens = to;
          sentReasoning += from < reasoning ? 1 : 0;
        }
        if (spans.isEmpty()) {
          waitUntil(first);
        }
        if (protocol.ollama()) {
          long now = System.nanoTime();
          ObjectNode last = ollamaLine(plan, "", false);
          last.put("done", true);
          last.put("done_reason", plan.finishReason());
          last.put("total_duration", now - arrival);
          last.put("load_duration", load);
          last.put("prompt_eval_count", plan.request().promptTokens());
          last.put("prompt_eval_duration", first - load - slotAt);
          last.put("eval_count", total);
          last.put("eval_duration", flushed.isEmpty() ? 0L : now - flushed.get(0));
          writeLine(out, plan, event, mapper.writeValueAsString(last));
        } else {
          writeEvent(out, plan, event++, finishJson(plan));
          if (plan.request().includeUsage() && settings.sendsUsage()) {
            ObjectNode usage = base(plan);
            usage.putArray("choices");
            usage.set("usage", usage(plan, total));
            writeEvent(out, plan, event++, mapper.writeValueAsString(usage));
          }
          writeEvent(out, plan, event, "[DONE]");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        disconnected = true; // server closing mid-stream
      } finally {
        slots.release();
      }
    } catch (IOException e) {
      disconnected = true;
      if (slotAt < 0) {
        slotAt = System.nanoTime(); // gone before it got a slot
      }
    }
    finishedAt = System.nanoTime();
    record(new ServedRequest(plan.number(), plan.request().model(), true, arrival, slotAt, flushed,
        finishedAt, plan.request().promptTokens(), sentTokens, plan.finishReason(), disconnected, protocol.path,
        sentReasoning));
  }

  /** One chunk of generated text in the plan's protocol; {@code sentSoFar} feeds per-chunk usage. */
  private String textChunk(Plan plan, String text, boolean reasoning, int sentSoFar) throws JsonProcessingException {
    switch (plan.protocol()) {
      case CHAT -> {
        ObjectNode delta = mapper.createObjectNode();
        delta.put(reasoning ? "reasoning_content" : "content", text);
        ObjectNode root = chunkNode(plan, delta, null);
        if (settings.usagePerChunk()) {
          root.set("usage", usage(plan, sentSoFar));
        }
        return mapper.writeValueAsString(root);
      }
      case COMPLETIONS -> {
        ObjectNode root = completionNode(plan, text, null);
        if (settings.usagePerChunk()) {
          root.set("usage", usage(plan, sentSoFar));
        }
        return mapper.writeValueAsString(root);
      }
      default -> {
        return mapper.writeValueAsString(ollamaLine(plan, text, reasoning));
      }
    }
  }

  private String finishJson(Plan plan) throws JsonProcessingException {
    return plan.protocol() == Protocol.COMPLETIONS
        ? mapper.writeValueAsString(completionNode(plan, "", plan.finishReason()))
        : chunkJson(plan, mapper.createObjectNode(), plan.finishReason());
  }

  private ObjectNode completionNode(Plan plan, String text, String finishReason) {
    ObjectNode root = base(plan);
    root.put("object", "text_completion");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    choice.put("text", text);
    if (finishReason == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finishReason);
    }
    return root;
  }

  /** An Ollama stream line: {@code message.content/thinking} for /api/chat, {@code response/thinking} for /api/generate. */
  private ObjectNode ollamaLine(Plan plan, String text, boolean reasoning) {
    ObjectNode root = mapper.createObjectNode();
    root.put("model", settings.modelId());
    root.put("created_at", java.time.Instant.now().toString());
    if (plan.protocol() == Protocol.OLLAMA_CHAT) {
      ObjectNode message = root.putObject("message");
      message.put("role", "assistant");
      message.put("content", reasoning ? "" : text);
      if (reasoning) {
        message.put("thinking", text);
      }
    } else {
      root.put("response", reasoning ? "" : text);
      if (reasoning) {
        root.put("thinking", text);
      }
    }
    root.put("done", false);
    return root;
  }

  private void whole(HttpExchange ex, Plan plan, long arrival) throws IOException {
    try {
      slots.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    long slotAt = System.nanoTime();
    boolean disconnected = false;
    int sent = plan.completionTokens();
    try {
      int chunks = (plan.completionTokens() + settings.tokensPerChunk() - 1) / settings.tokensPerChunk();
      long done = firstChunkDeadline(slotAt, plan) + Math.max(0, chunks - 1) * settings.chunkGapNanos();
      ObjectNode root = base(plan);
      root.put("object", "chat.completion");
      ObjectNode choice = root.putArray("choices").addObject();
      choice.put("index", 0);
      ObjectNode message = choice.putObject("message");
      message.put("role", "assistant");
      message.put("content", SimTokenizer.outputText(plan.request().seed(), 0, plan.completionTokens()));
      choice.put("finish_reason", plan.finishReason());
      root.set("usage", usage(plan));
      byte[] bytes = mapper.writeValueAsBytes(root);
      waitUntil(done);
      ex.getResponseHeaders().set("Content-Type", "application/json");
      ex.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    } catch (IOException e) {
      disconnected = true;
      sent = 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      disconnected = true;
      sent = 0;
    } finally {
      slots.release();
    }
    record(new ServedRequest(plan.number(), plan.request().model(), false, arrival, slotAt, List.of(),
        System.nanoTime(), plan.request().promptTokens(), sent, plan.finishReason(), disconnected, plan.protocol().path, 0));
  }

  private long firstChunkDeadline(long slotAt, Plan plan) {
    return slotAt + settings.firstTokenDelay().toNanos() + settings.prefillNanos(plan.request().promptTokens());
  }

  private void record(ServedRequest r) {
    synchronized (served) {
      served.add(r);
      served.notifyAll();
    }
  }

  // ---------------------------------------------------------------- JSON and wire

  private ObjectNode base(Plan plan) {
    ObjectNode root = mapper.createObjectNode();
    root.put("id", plan.id());
    root.put("object", "chat.completion.chunk");
    root.put("created", plan.created());
    root.put("model", settings.modelId());
    return root;
  }

  private String chunkJson(Plan plan, ObjectNode delta, String finishReason) throws JsonProcessingException {
    return mapper.writeValueAsString(chunkNode(plan, delta, finishReason));
  }

  private ObjectNode chunkNode(Plan plan, ObjectNode delta, String finishReason) {
    ObjectNode root = base(plan);
    ArrayNode choices = root.putArray("choices");
    ObjectNode choice = choices.addObject();
    choice.put("index", 0);
    choice.set("delta", delta);
    if (finishReason == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finishReason);
    }
    return root;
  }

  private ObjectNode usage(Plan plan) {
    return usage(plan, plan.completionTokens());
  }

  private ObjectNode usage(Plan plan, int completionTokens) {
    ObjectNode usage = mapper.createObjectNode();
    int prompt = plan.request().promptTokens();
    usage.put("prompt_tokens", prompt);
    usage.put("completion_tokens", completionTokens);
    usage.put("total_tokens", prompt + completionTokens);
    return usage;
  }

  private void writeEvent(OutputStream out, Plan plan, int index, String payload) throws IOException {
    if (plan.protocol().ollama()) {
      writeLine(out, plan, index, payload);
      return;
    }
    String data = settings.hook().interceptEvent(plan.number(), index, payload);
    if (data == null) {
      return;
    }
    out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  /** An NDJSON line (Ollama), through the same hook as SSE events. */
  private void writeLine(OutputStream out, Plan plan, int index, String payload) throws IOException {
    String data = settings.hook().interceptEvent(plan.number(), index, payload);
    if (data == null) {
      return;
    }
    out.write((data + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
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

  /** Waits until {@code System.nanoTime() >= deadline}: parks, then spins for the last 250 us. */
  static void waitUntil(long deadline) throws InterruptedException {
    for (;;) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      if (left > SPIN_NANOS) {
        LockSupport.parkNanos(left - SPIN_NANOS);
      } else {
        Thread.onSpinWait();
      }
    }
  }
}
