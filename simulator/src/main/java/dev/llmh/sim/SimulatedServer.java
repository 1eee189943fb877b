package dev.llmh.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.llmh.endpoint.spi.LocalServers;
import dev.llmh.front.BadRequest;
import dev.llmh.front.HttpFront;
import dev.llmh.front.Replies;
import dev.llmh.front.RequestBody;
import dev.llmh.front.Route;
import dev.llmh.front.SlotQueue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A deterministic simulated OpenAI-compatible streaming server on 127.0.0.1, through the shared
 * {@link HttpFront}: the endpoint {@code simulated}, and the ground truth for LLMH's timing tests.
 *
 * <h2>Endpoints</h2>
 * <ul>
 *   <li>{@code GET /v1/models}: {@link SimulatorSettings#modelId()}, then any {@link
 *       SimulatorSettings#otherModels()}.</li>
 *   <li>{@code POST /v1/chat/completions}: model, messages, max_tokens (or max_completion_tokens),
 *       temperature (ignored), seed, stream, stream_options.include_usage; unknown fields are
 *       ignored. The response's {@code model} is the server's own id, or the id of the other model
 *       the request named (a name it does not serve: 404, when it serves several).
 *       {@code POST /v1/completions}, Ollama's {@code POST /api/chat} and {@code /api/generate}
 *       (streamed only; see {@link Protocol}) and {@code GET /api/tags} likewise; {@code POST /api/show}
 *       gives Ollama's model details, with {@code num_ctx} among the parameters when the server has a
 *       context ({@link ServerCapacity#contextTokens()}).</li>
 *   <li>With a {@link ServerPersona}, the routes on which Ollama, llama.cpp or vLLM describe themselves,
 *       and their listings' {@code owned_by} and fields; without one, {@code owned_by} is {@code llmh-sim}.</li>
 *   <li>Prompt tokens are counted by {@link SimTokenizer}, plus {@link ServerQuirks#chatTemplateTokens()}
 *       per message of a chat request; a prompt longer than the context (the settings', or an Ollama
 *       request's {@code options.num_ctx}) is cut to it silently, as Ollama does, and counted and
 *       prefilled as cut.</li>
 *   <li>400 {@code {"error":{"message":...}}} for a body {@link ChatRequest} rejects (malformed,
 *       missing/empty messages, max_tokens &lt; 1...); 401 when an API key is required and not given
 *       as a bearer token; 404 for other paths; 405 for wrong methods.</li>
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
 * response is sent whole at the time the last chunk would have been. {@link Playback} keeps it. A
 * streamed body is chunked, of a {@code Content-Length} or read to the connection's close, as
 * {@link ServerQuirks#framing()} says; every event is its own write in each.
 *
 * <h2>Output</h2>
 * {@code completion_tokens = min(max_tokens, naturalLength)}; finish_reason is {@code "length"} when
 * max_tokens cut the natural length, else {@code "stop"}. Token texts come from
 * {@link SimTokenizer#outputToken(long, int)} with the request's seed (0 if absent); prompt tokens
 * are counted by {@link SimTokenizer#countTokens(CharSequence)}.
 *
 * <p>A client that disconnects mid-stream is noticed on the next failed write (within two chunk
 * gaps); generation then stops and the slot is released at once; one that leaves while queued, once
 * its request has a slot. Every accepted chat-completion request that finished or was abandoned is
 * recorded as a {@link ServedRequest} (rejected ones, 4xx, are not). {@link SimulatorMain} runs one
 * in a process of its own.
 */
public final class SimulatedServer implements LocalServers.LocalServer {

  private final SimulatorSettings settings;
  private final ServerPersona persona;
  private final ObjectMapper mapper = new ObjectMapper();
  private final AtomicLong requestCounter = new AtomicLong();
  private final List<ServedRequest> served = new ArrayList<>();
  /** One playback per model served, by id, {@link SimulatorSettings#modelId()} first; one slot queue for all. */
  private final java.util.Map<String, Playback> playbacks = new java.util.LinkedHashMap<>();
  private final EngineMetrics metrics;
  private final HttpFront front;
  /** In front of {@link #front} when streams run to the connection's close; else null. */
  private final CloseDelimitedFront closeFront;
  private final String baseUrl;

  private SimulatedServer(SimulatorSettings settings, ServerPersona persona, int port) throws IOException {
    this.settings = settings;
    this.persona = persona;
    SlotQueue slots = new SlotQueue(settings.capacity().slots());
    Residency residency = new Residency(!settings.otherModels().isEmpty());
    this.metrics = new EngineMetrics(slots, settings);
    playbacks.put(settings.modelId(), new Playback(settings, slots, mapper, this::record, residency, metrics));
    for (SimulatorSettings.Model model : settings.otherModels()) {
      playbacks.put(model.id(), new Playback(settings.serving(model), slots, mapper, this::record, residency, metrics));
    }
    List<Route> routes = new ArrayList<>();
    persona.routes(settings, mapper).forEach(r -> routes.add(new Route(r.method(), r.path(), authorised(r.handler()))));
    java.util.Set<String> personas = persona.paths();
    if (!personas.contains("/v1/models")) {
      routes.add(Route.get("/v1/models", authorised((ex, arrival) -> models(ex))));
    }
    if (!personas.contains("/api/tags")) {
      routes.add(Route.get("/api/tags", authorised((ex, arrival) -> tags(ex))));
    }
    if (!personas.contains("/api/show")) {
      routes.add(Route.post("/api/show", authorised((ex, arrival) -> show(ex))));
    }
    for (Protocol protocol : Protocol.values()) {
      routes.add(Route.post(protocol.path, authorised((ex, arrival) -> chat(ex, arrival, protocol))));
    }
    if (settings.quirks().metrics()) {
      routes.add(Route.get("/metrics", (ex, arrival) -> metrics.serve(ex, settings.modelId())));
    }
    this.front = HttpFront.start("llmh-sim", "simulator", port, routes);
    this.closeFront = !settings.quirks().framing().closeDelimited() ? null : new CloseDelimitedFront(front.port(),
        settings.quirks().framing() == StreamFraming.CLOSE_LINGERING ? StreamFraming.LINGER : java.time.Duration.ZERO);
    this.baseUrl = "http://127.0.0.1:" + port() + "/v1";
  }

  /** Starts a server on an ephemeral port of 127.0.0.1. */
  public static SimulatedServer start(SimulatorSettings settings) {
    return start(settings, ServerPersona.SIMULATOR);
  }

  /** Starts a server on an ephemeral port of 127.0.0.1 that says it is what {@code persona} says, with its routes. */
  public static SimulatedServer start(SimulatorSettings settings, ServerPersona persona) {
    return start(settings, persona, 0);
  }

  /** Starts a server on {@code port} of 127.0.0.1 (0: an ephemeral one). */
  public static SimulatedServer start(SimulatorSettings settings, ServerPersona persona, int port) {
    try {
      return new SimulatedServer(settings, persona, port);
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

  /** The port clients connect to. */
  public int port() {
    return closeFront != null ? closeFront.port() : front.port();
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
        served.wait(Math.max(1, left / 1_000_000L));
      }
      return List.copyOf(served);
    }
  }

  /** Stops at once: open connections are closed and waiting requests abandoned. */
  @Override
  public void close() {
    if (closeFront != null) {
      closeFront.close();
    }
    front.close();
  }

  /** {@code handler} behind the API key check, when the settings require a key. */
  private Route.Handler authorised(Route.Handler handler) {
    return (ex, arrival) -> {
      if (authorised(ex)) {
        handler.handle(ex, arrival);
      }
    };
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
    Replies.error(ex, 401, Replies.INVALID_REQUEST,
        given == null ? "missing API key: send 'Authorization: Bearer <key>'" : "invalid API key");
    return false;
  }

  private void models(HttpExchange ex) throws IOException {
    ObjectNode root = mapper.createObjectNode();
    root.put("object", "list");
    com.fasterxml.jackson.databind.node.ArrayNode data = root.putArray("data");
    for (String id : settings.modelIds()) {
      persona.describeListing(data.addObject().put("id", id).put("object", "model").put("created", 0));
    }
    Replies.json(ex, 200, root);
  }

  /** Ollama's model listing. */
  private void tags(HttpExchange ex) throws IOException {
    ObjectNode root = mapper.createObjectNode();
    com.fasterxml.jackson.databind.node.ArrayNode models = root.putArray("models");
    for (String id : settings.modelIds()) {
      models.addObject().put("name", id).put("model", id);
    }
    Replies.json(ex, 200, root);
  }

  /**
   * Ollama's model details, for any model named: {@code parameters} names {@code num_ctx} when the server has a context,
   * {@code model_info} the model's own maximum (the simulator's is its context, or 131,072).
   */
  private void show(HttpExchange ex) throws IOException, BadRequest {
    RequestBody.object(ex.getRequestBody().readAllBytes()); // any model: the simulator serves whatever is asked for
    int context = settings.capacity().contextTokens();
    boolean limited = context != SimulatorSettings.UNLIMITED;
    ObjectNode root = mapper.createObjectNode();
    root.put("parameters", limited ? "num_ctx                        " + context + "\nstop \"<|end|>\"" : "stop \"<|end|>\"");
    root.put("template", "{{ .Prompt }}");
    root.putObject("details").put("family", "llmh-sim").put("format", "simulated");
    root.putObject("model_info").put("general.architecture", "llmh-sim")
        .put("llmh-sim.context_length", limited ? context : 131_072);
    Replies.json(ex, 200, root);
  }

  private void chat(HttpExchange ex, long arrival, Protocol protocol) throws IOException, BadRequest {
    byte[] body = ex.getRequestBody().readAllBytes();
    ChatRequest parsed =
        ChatRequest.parse(body, protocol, settings.output().defaultMaxTokens(), settings.quirks().chatTemplateTokens());
    // Like Ollama: a prompt longer than the context is cut to it silently, and counted as cut.
    int context = parsed.contextTokens() != null ? parsed.contextTokens() : settings.capacity().contextTokens();
    ChatRequest request = parsed.truncatedTo(context);
    if (protocol != Protocol.CHAT && !request.stream()) {
      throw new BadRequest("the simulator streams " + protocol.path + " only");
    }
    Playback playback = playbacks.get(request.model());
    if (playback == null && (request.model() == null || settings.otherModels().isEmpty())) {
      playback = playbacks.get(settings.modelId()); // no name, or one model: it answers whatever was asked for
    }
    if (playback == null) {
      Replies.error(ex, 404, Replies.NOT_FOUND, "model '" + request.model() + "' not found; this server serves: "
          + String.join(", ", settings.modelIds()));
      return;
    }
    long number = requestCounter.incrementAndGet();
    if (settings.hook().interceptRequest(number, ex, body)) {
      return;
    }
    Plan plan = Plan.of(number, request, protocol, settings.output().naturalLength());
    if (request.stream()) {
      playback.stream(ex, plan, arrival);
    } else {
      playback.whole(ex, plan, arrival);
    }
  }

  /** Every {@code /metrics} page the server gave, in order: what a scraper saw ({@link ServerQuirks#metrics()}). */
  public List<EngineMetrics.Page> metricsPages() {
    return metrics.pages();
  }

  private void record(ServedRequest r) {
    synchronized (served) {
      served.add(r);
      served.notifyAll();
    }
  }
}
