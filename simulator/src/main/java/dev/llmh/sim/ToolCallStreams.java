package dev.llmh.sim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * A hook that answers chat requests with tool calls, well-formed or not, at a pace the test sets:
 * the first generated chunk {@code firstChunk} after the request arrived, then one every {@code gap}.
 * OpenAI chat ({@code /v1/chat/completions}) streams as OpenAI does — a role chunk (nothing
 * generated), the call's id and name, then its arguments' text in the pieces the {@link Answer}
 * gives, then {@code finish_reason: "tool_calls"} with usage, then {@code [DONE]}. Ollama {@code
 * /api/chat} sends each call whole in one line, as Ollama does ({@code message.tool_calls}, the
 * arguments an object when they parse as one, else their text), then its {@code done} line.
 *
 * <p>Every response reports the request's own number as its prompt-token count ({@code
 * prompt_tokens}, {@code prompt_eval_count}), so that a test pairs each sample with the {@link
 * Served} record of the same request, and as its output-token count the generated chunks it sent.
 */
public final class ToolCallStreams implements SimulatorHook {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * What one request is answered with: text chunks first (none for a tool-call-only answer), then
   * the call of {@code name} with its arguments in {@code pieces}; no call when {@code name} is null.
   */
  public record Answer(List<String> text, String name, List<String> pieces) {
    public Answer {
      text = List.copyOf(text);
      pieces = pieces == null ? List.of() : List.copyOf(pieces);
    }

    /** A call of {@code name} whose {@code arguments} arrive in {@code pieces} pieces of nearly equal length. */
    public static Answer call(String name, String arguments, int pieces) {
      List<String> split = new ArrayList<>();
      for (int k = 0; k < pieces; k++) {
        split.add(arguments.substring(arguments.length() * k / pieces, arguments.length() * (k + 1) / pieces));
      }
      return new Answer(List.of(), name, split);
    }

    /** Text only, one chunk per given piece: no tool call. */
    public static Answer text(String... chunks) {
      return new Answer(List.of(chunks), null, List.of());
    }

    /** The arguments as the stream carries them, pieces joined. */
    public String arguments() {
      return String.join("", pieces);
    }
  }

  /**
   * The server's record of one request it answered.
   *
   * @param arrivalNanos when the hook took the request ({@link System#nanoTime()}), its body read
   * @param chunkNanos when each chunk carrying generated output (text, a name, a piece of arguments)
   *     was sent, just before its write, which is flushed at once
   * @param body the request body as sent
   * @param answer what it was answered with; null when the simulator answered it as any other request
   */
  public record Served(long requestNumber, String path, long arrivalNanos, List<Long> chunkNanos, JsonNode body, Answer answer) {
    public Served {
      chunkNanos = List.copyOf(chunkNanos);
    }
  }

  private final Duration firstChunk;
  private final Duration gap;
  private final LongFunction<Answer> answers;
  private final java.util.Queue<Served> served = new java.util.concurrent.ConcurrentLinkedQueue<>();
  /** One permit per request answered. */
  private final java.util.concurrent.Semaphore answered = new java.util.concurrent.Semaphore(0);

  /**
   * @param answers what request {@code n} (1-based, as the server counts them) is answered with;
   *     null to let the simulator answer it as any other (its {@link Served} then has no chunks)
   */
  public ToolCallStreams(Duration firstChunk, Duration gap, LongFunction<Answer> answers) {
    this.firstChunk = firstChunk;
    this.gap = gap;
    this.answers = answers;
  }

  @Override
  public boolean interceptRequest(long requestNumber, HttpExchange exchange, byte[] body) throws IOException {
    long arrival = System.nanoTime();
    String path = exchange.getRequestURI().getPath();
    boolean ollama = path.startsWith("/api/");
    Answer answer = answers.apply(requestNumber);
    if (answer == null) { // the simulator answers it as it would any request; its body is kept here
      served.add(new Served(requestNumber, path, arrival, List.of(), MAPPER.readTree(body), null));
      answered.release();
      return false;
    }
    List<Long> sent = new ArrayList<>();
    exchange.getResponseHeaders().set("Content-Type", ollama ? "application/x-ndjson" : "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    try (OutputStream out = exchange.getResponseBody()) {
      Writer writer = new Writer(out, ollama, arrival, sent);
      if (!ollama) {
        writer.event(openAi(MAPPER.createObjectNode().put("role", "assistant").putNull("content"), null), false);
      }
      for (String text : answer.text()) {
        writer.event(ollama ? ollama(MAPPER.createObjectNode().put("role", "assistant").put("content", text))
            : openAi(MAPPER.createObjectNode().put("content", text), null), true);
      }
      if (answer.name() != null) {
        toolCall(writer, ollama, requestNumber, answer);
      }
      writer.end(requestNumber, answer.name() != null ? "tool_calls" : "stop");
    } catch (IOException e) {
      // the client went away: what was sent is still the record
    } finally {
      served.add(new Served(requestNumber, path, arrival, sent, MAPPER.readTree(body), answer));
      answered.release();
    }
    return true;
  }

  private void toolCall(Writer writer, boolean ollama, long requestNumber, Answer answer) throws IOException {
    if (ollama) {
      ObjectNode message = MAPPER.createObjectNode().put("role", "assistant").put("content", "");
      ObjectNode function = message.putArray("tool_calls").addObject().putObject("function").put("name", answer.name());
      JsonNode parsed = parsedObject(answer.arguments());
      if (parsed != null) {
        function.set("arguments", parsed);
      } else {
        function.put("arguments", answer.arguments());
      }
      writer.event(ollama(message), true);
      return;
    }
    ObjectNode first = MAPPER.createObjectNode();
    first.putArray("tool_calls").addObject().put("index", 0).put("id", "call_" + requestNumber).put("type", "function")
        .putObject("function").put("name", answer.name()).put("arguments", "");
    writer.event(openAi(first, null), true);
    for (String piece : answer.pieces()) {
      ObjectNode delta = MAPPER.createObjectNode();
      delta.putArray("tool_calls").addObject().put("index", 0).putObject("function").put("arguments", piece);
      writer.event(openAi(delta, null), true);
    }
  }

  private static JsonNode parsedObject(String text) {
    try {
      JsonNode node = MAPPER.readTree(text);
      return node != null && node.isObject() ? node : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  private static ObjectNode openAi(ObjectNode delta, String finishReason) {
    ObjectNode root = MAPPER.createObjectNode().put("id", "chatcmpl-tools").put("object", "chat.completion.chunk").put("model", "sim");
    ObjectNode choice = root.putArray("choices").addObject().put("index", 0);
    choice.set("delta", delta);
    if (finishReason == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finishReason);
    }
    return root;
  }

  private static ObjectNode ollama(ObjectNode message) {
    ObjectNode root = MAPPER.createObjectNode().put("model", "sim");
    root.set("message", message);
    return root.put("done", false);
  }

  /** Writes a response's events, pacing and timing those that carry generated output. */
  private final class Writer {
    private final OutputStream out;
    private final boolean ollama;
    private final long arrival;
    private final List<Long> sent;

    Writer(OutputStream out, boolean ollama, long arrival, List<Long> sent) {
      this.out = out;
      this.ollama = ollama;
      this.arrival = arrival;
      this.sent = sent;
    }

    void event(ObjectNode payload, boolean generated) throws IOException {
      if (generated) {
        long due = sent.isEmpty() ? arrival + firstChunk.toNanos() : sent.get(sent.size() - 1) + gap.toNanos();
        sleepUntil(due);
        sent.add(System.nanoTime());
      }
      frame(MAPPER.writeValueAsBytes(payload));
    }

    void end(long requestNumber, String finishReason) throws IOException {
      if (ollama) {
        ObjectNode last = ollama(MAPPER.createObjectNode().put("role", "assistant").put("content", ""));
        last.put("done", true).put("done_reason", "stop").put("prompt_eval_count", requestNumber).put("eval_count", sent.size());
        frame(MAPPER.writeValueAsBytes(last));
        return;
      }
      ObjectNode last = openAi(MAPPER.createObjectNode(), finishReason);
      last.putObject("usage").put("prompt_tokens", requestNumber).put("completion_tokens", sent.size())
          .put("total_tokens", requestNumber + sent.size());
      frame(MAPPER.writeValueAsBytes(last));
      frame("[DONE]".getBytes(StandardCharsets.UTF_8));
    }

    private void frame(byte[] payload) throws IOException {
      if (!ollama) {
        out.write("data: ".getBytes(StandardCharsets.UTF_8));
      }
      out.write(payload);
      out.write((ollama ? "\n" : "\n\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    }
  }

  private static void sleepUntil(long due) {
    long wait;
    while ((wait = due - System.nanoTime()) > 0) {
      try {
        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Every request answered so far, in the order they ended. */
  public List<Served> served() {
    return List.copyOf(served);
  }

  /** Waits until {@code count} requests have been answered, or {@code timeout} passed; returns those answered. */
  public List<Served> awaitServed(int count, Duration timeout) throws InterruptedException {
    if (answered.tryAcquire(count, timeout.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS)) {
      answered.release(count);
    }
    return served();
  }
}
