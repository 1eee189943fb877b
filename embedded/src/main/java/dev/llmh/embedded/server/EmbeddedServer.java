package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.llmh.embedded.engine.Engine;
import dev.llmh.embedded.engine.Engine.ChatMessage;
import dev.llmh.embedded.engine.Engine.Completion;
import dev.llmh.embedded.engine.Engine.CompletionRequest;
import dev.llmh.front.BadRequest;
import dev.llmh.front.HttpFront;
import dev.llmh.front.OpenAiRequest;
import dev.llmh.front.Replies;
import dev.llmh.front.RequestBody;
import dev.llmh.front.Route;
import dev.llmh.front.SlotQueue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An OpenAI-compatible HTTP server over an {@link Engine}, on 127.0.0.1 only, through the shared
 * {@link HttpFront}. Run in its own process by {@link EmbeddedServerMain}, so that a native crash
 * cannot take a test JVM down and the server's memory can be measured on its own.
 *
 * <h2>Endpoints</h2>
 * <ul>
 *   <li>{@code GET /v1/models}: every model the server serves ({@link ModelListing}).</li>
 *   <li>{@code POST /v1/chat/completions}: messages go through the model's chat template, then a
 *       plain completion. {@code POST /v1/completions}: {@code prompt} is used as is. Both read the
 *       fields {@link OpenAiRequest} reads (max_tokens defaults to {@link #DEFAULTS}; {@code
 *       cache_prompt}, true when not given as in llama.cpp's server, lets a request reuse the prefix
 *       its slot holds from an earlier one), and {@code response_format}, honoured through a grammar
 *       ({@link ResponseSchema}); completions also {@code echo} ({@link Echo}); the response's
 *       {@code model} is the served model's own id, so a result never credits its numbers to another
 *       name: a request naming {@code tiny} or {@code llmh-tiny} gets the generated {@code tiny}
 *       model, one naming none the default, one naming a model the server does not have a 404
 *       listing the models (a server of one model answers any name as itself).</li>
 *   <li>Ollama's {@code POST /api/chat} ({@link OllamaReply}; read by {@link OpenAiRequest#parseOllamaChat},
 *       tools as for OpenAI, {@code format} as {@link ResponseSchema#ofOllama}) and {@code GET /api/tags}
 *       ({@link OllamaTags}). {@code think} is not read: the model thinks where it learnt to, and its
 *       thinking always comes in {@code message.thinking}; {@code logprobs} is a 400 there.</li>
 *   <li>400 {@code {"error":{"message":...,"type":"invalid_request_error"}}} (Ollama's routes: {@code
 *       {"error": "..."}}) for a malformed body,
 *       missing messages or prompt, max_tokens &lt; 1, a prompt that with max_tokens does not fit
 *       a slot's context (never truncated silently), and a {@code response_format} that cannot constrain
 *       the output ({@link ResponseSchema}); 404 for other paths; 405 for wrong methods; 500
 *       when the engine fails before a stream has started.</li>
 * </ul>
 *
 * <h2>Streaming</h2>
 * As {@link Reply} writes it: {@code text/event-stream}, one event per piece the engine decodes,
 * flushed at once, headers only once the engine produced its first piece (or finished), so a prompt
 * the engine rejects still gets a proper 400.
 *
 * <h2>Slots</h2>
 * At most {@link Engine#slots()} requests are in {@link Engine#complete} at once; the rest wait in a
 * {@link SlotQueue}, FIFO. Waiting is real latency, never a failure. A client that disconnects is
 * noticed when a write to it fails (the kernel usually accepts one more write, so within about two
 * pieces): the sink throws, the engine stops and frees the slot. A client that leaves while queued,
 * or during a non-streamed request, is only noticed when its answer is written.
 *
 * <p>{@link #close()} stops the HTTP server; the engine belongs to the caller, who may close it
 * once {@link #stop(Duration)} says no generation is left.
 */
public final class EmbeddedServer implements AutoCloseable {

  /**
   * What a request gets for a setting it does not give. max_tokens 128: llama.cpp's server would
   * generate until the context is full. Temperature 0.8: llama.cpp's server default (OpenAI's is
   * 1.0). Seed 0: fixed, so that a benchmark run is repeatable unless a request asks otherwise.
   */
  static final OpenAiRequest.Defaults DEFAULTS = new OpenAiRequest.Defaults(128, 0.8, 0L);

  private final ModelShelf models;
  private final SlotQueue slots;
  private final ObjectMapper mapper = new ObjectMapper();
  private final AtomicLong requestCounter = new AtomicLong();
  private final HttpFront front;

  private EmbeddedServer(ModelShelf models, int port) throws IOException {
    Engine engine = models.defaultEngine();
    if (engine.slots() < 1) {
      throw new IllegalArgumentException("the engine must have at least one slot, has " + engine.slots());
    }
    this.models = models;
    this.slots = new SlotQueue(engine.slots());
    this.front = HttpFront.start("llmh-embedded", "embedded server", port, List.of(
        Route.get("/v1/models", (ex, arrival) -> Replies.json(ex, 200, ModelListing.of(models, mapper))),
        Route.post("/v1/chat/completions", (ex, arrival) -> generate(ex, Api.CHAT, arrival)),
        Route.post("/v1/completions", (ex, arrival) -> generate(ex, Api.COMPLETION, arrival)),
        Route.get("/api/tags", (ex, arrival) -> Replies.json(ex, 200, OllamaTags.of(models, mapper))),
        Route.post("/api/chat", (ex, arrival) -> {
          try {
            generate(ex, Api.OLLAMA_CHAT, arrival);
          } catch (BadRequest e) {
            OllamaReply.error(ex, 400, e.getMessage());
          }
        })));
  }

  /**
   * Starts serving {@code engine} as {@code modelId} on {@code port} of 127.0.0.1 (0: an ephemeral
   * port, see {@link #port()}).
   */
  public static EmbeddedServer start(Engine engine, String modelId, int port) {
    return start(ModelShelf.single(modelId, engine), port);
  }

  /** Starts serving the models of {@code models} by name; the default model's slots are the server's. */
  static EmbeddedServer start(ModelShelf models, int port) {
    try {
      return new EmbeddedServer(models, port);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded server on 127.0.0.1:" + port, e);
    }
  }

  public int port() {
    return front.port();
  }

  /** The default model's id: what a request naming no model is served by. */
  public String modelId() {
    return models.defaultId();
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
    front.close();
    try {
      return slots.awaitIdle(timeout);
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

  /**
   * Rejected before queueing, so a prompt that can never fit does not wait for a slot first. The
   * engine checks again (it may count a BOS token this count leaves out); both answer 400.
   */
  private static void requireFits(Engine engine, String prompt, int maxTokens) throws BadRequest {
    int promptTokens = engine.countTokens(prompt);
    if ((long) promptTokens + maxTokens > engine.slotContext()) {
      throw new BadRequest("prompt too long: " + promptTokens + " prompt tokens + " + maxTokens
          + " max tokens exceed the slot context of " + engine.slotContext()
          + " tokens; shorten the prompt or lower max_tokens (the prompt is never truncated)");
    }
  }

  /** The APIs a generation may come in. */
  private enum Api {
    CHAT, COMPLETION, OLLAMA_CHAT;

    OpenAiRequest parse(byte[] body) throws BadRequest {
      return switch (this) {
        case CHAT -> OpenAiRequest.parseChat(body, DEFAULTS);
        case COMPLETION -> OpenAiRequest.parseCompletion(body, DEFAULTS);
        case OLLAMA_CHAT -> OpenAiRequest.parseOllamaChat(body, DEFAULTS);
      };
    }

    void error(HttpExchange ex, int status, String type, String message) throws IOException {
      if (this == OLLAMA_CHAT) {
        OllamaReply.error(ex, status, message);
      } else {
        Replies.error(ex, status, type, message);
      }
    }
  }

  private void generate(HttpExchange ex, Api api, long arrival) throws IOException, BadRequest {
    byte[] body = ex.getRequestBody().readAllBytes();
    OpenAiRequest request = api.parse(body);
    if (api == Api.OLLAMA_CHAT && RequestBody.object(body).has("logprobs")) {
      throw new BadRequest("'logprobs' is served on /v1/chat/completions and /v1/completions, not on /api/chat");
    }
    Optional<ModelShelf.Served> served;
    try {
      served = models.serve(request.model());
    } catch (IOException | RuntimeException e) {
      api.error(ex, 500, Replies.SERVER_ERROR, "cannot load model '" + request.model() + "': " + describe(e));
      return;
    }
    if (served.isEmpty()) {
      api.error(ex, 404, Replies.NOT_FOUND, models.notServed(request.model()));
      return;
    }
    Engine engine = served.get().engine();
    JsonNode root = RequestBody.object(body);
    List<Engine.Tool> tools = request.chat() ? RequestTools.of(root) : List.of();
    String prompt = request.chat()
        ? engine.applyChatTemplate(request.messages().stream().map(m -> new ChatMessage(m.role(), m.content())).toList(), tools)
        : request.prompt();
    requireFits(engine, prompt, request.maxTokens());
    String jsonSchema = api == Api.OLLAMA_CHAT ? ResponseSchema.ofOllama(root) : ResponseSchema.of(root);
    CompletionRequest completion = new CompletionRequest(prompt, request.maxTokens(),
        request.temperature(), request.seed(), request.stop(), request.cachePrompt(), jsonSchema);
    String id = served.get().id();
    if (api == Api.OLLAMA_CHAT) {
      OllamaReply reply = new OllamaReply(ex, request, !tools.isEmpty(), id, mapper, arrival);
      run(engine, completion, reply, reply::piece);
    } else {
      long number = requestCounter.incrementAndGet();
      Reply reply = new Reply(ex, request, !tools.isEmpty(), (request.chat() ? "chatcmpl-llmh-" : "cmpl-llmh-") + number, id, mapper);
      int topK = LogprobsAsked.of(body, mapper);
      boolean echo = Echo.asked(root, request.chat());
      Engine.TokenSink sink = LogprobsSink.of(topK, engine, prompt, reply, mapper, request.chat(), echo);
      if (echo) {
        Echo.send(engine, prompt, topK, reply);
      }
      run(engine, completion, reply, sink);
    }
  }

  /** Generates in a slot, waiting for one first, and ends {@code answer} with the completion or the failure. */
  private void run(Engine engine, CompletionRequest request, Answer answer, Engine.TokenSink sink) throws IOException {
    try {
      slots.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return; // server closing
    }
    Completion completion;
    try {
      completion = engine.complete(request, sink);
    } catch (IOException | RuntimeException e) {
      if (answer.clientGone()) {
        return; // our own sink threw: the engine stopped and freed the slot
      }
      if (e instanceof Engine.PromptTooLongException || e instanceof Engine.UnusableSchemaException) {
        answer.fail(400, Replies.INVALID_REQUEST, e.getMessage());
      } else {
        answer.fail(500, Replies.SERVER_ERROR, "engine failure: " + describe(e));
      }
      return;
    } finally {
      slots.release();
    }
    answer.finish(completion);
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
