package dev.llmh.embedded.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.llmh.embedded.engine.Engine.Completion;
import dev.llmh.front.EventStream;
import dev.llmh.front.OpenAiRequest;
import dev.llmh.front.Replies;
import java.io.IOException;
import java.time.Instant;

/**
 * One answer to Ollama's {@code POST /api/chat}, as Ollama writes it: NDJSON lines of {@code
 * {"model", "created_at", "message": {"role": "assistant", "content"}, "done": false}} while the
 * engine decodes — thinking in {@code message.thinking}, each tool call whole in {@code
 * message.tool_calls} with its arguments an object — then a last line with an empty message,
 * {@code "done": true}, {@code done_reason} ({@code stop} or {@code length}; Ollama says {@code
 * stop} after a tool call too) and the counters {@code prompt_eval_count}, {@code eval_count} and
 * {@code prompt_eval_duration}, {@code eval_duration}, {@code total_duration} in ns ({@code
 * load_duration} is left out: loading is not timed per request here). Sent whole, it is one
 * object with the whole message and the same counters. Errors are Ollama's {@code {"error": "..."}}:
 * the body of an error status before the stream started, a line of its own after.
 */
final class OllamaReply implements Answer {
  private final HttpExchange ex;
  private final OpenAiRequest request;
  private final String modelId;
  private final ObjectMapper mapper;
  private final long arrivalNanos;
  private final Channels channels;
  private final Said said = new Said();
  /** Null until the headers are sent. */
  private EventStream events;
  private volatile boolean clientGone;

  /** @param arrivalNanos when the server took the request: where {@code total_duration} starts */
  OllamaReply(HttpExchange ex, OpenAiRequest request, boolean tools, String modelId, ObjectMapper mapper, long arrivalNanos) {
    this.ex = ex;
    this.request = request;
    this.modelId = modelId;
    this.mapper = mapper;
    this.arrivalNanos = arrivalNanos;
    this.channels = new Channels(tools, mapper);
  }

  /** Ollama's error response, {@code {"error": message}}, with {@code status}. */
  static void error(HttpExchange ex, int status, String message) throws IOException {
    ex.getRequestBody().readAllBytes();
    Replies.json(ex, status, new ObjectMapper().createObjectNode().put("error", message));
  }

  @Override
  public boolean clientGone() {
    return clientGone;
  }

  @Override
  public void piece(String piece) throws IOException {
    send(channels.accept(piece));
  }

  private void send(Iterable<Channels.Part> parts) throws IOException {
    for (Channels.Part part : parts) {
      said.add(part);
      if (request.stream()) {
        ObjectNode line = line();
        ObjectNode message = message(line);
        if (part instanceof Channels.Content c) {
          message.put("content", c.text());
        } else if (part instanceof Channels.Reasoning r) {
          message.put("thinking", r.text());
        } else {
          toolCall(message, (Channels.ToolCall) part);
        }
        line.put("done", false);
        write(line);
      }
    }
  }

  @Override
  public void finish(Completion c) throws IOException {
    send(channels.finish());
    ObjectNode last = line();
    ObjectNode message = message(last);
    if (!request.stream()) {
      message.put("content", said.content.toString());
      if (!said.reasoning.isEmpty()) {
        message.put("thinking", said.reasoning.toString());
      }
      for (Channels.ToolCall call : said.calls) {
        toolCall(message, call);
      }
    }
    last.put("done", true);
    last.put("done_reason", c.finishReason());
    last.put("total_duration", System.nanoTime() - arrivalNanos);
    last.put("prompt_eval_count", c.promptTokens());
    last.put("prompt_eval_duration", Math.round(c.promptMs() * 1e6));
    last.put("eval_count", c.completionTokens());
    last.put("eval_duration", Math.round(c.predictedMs() * 1e6));
    if (request.stream()) {
      write(last);
    } else {
      Replies.json(ex, 200, last);
    }
  }

  @Override
  public void fail(int status, String type, String message) throws IOException {
    if (events == null) {
      error(ex, status, message);
      return;
    }
    write(mapper.createObjectNode().put("error", message)); // and no done line: the stream did not complete
  }

  private ObjectNode line() {
    ObjectNode line = mapper.createObjectNode();
    line.put("model", modelId);
    line.put("created_at", Instant.now().toString());
    return line;
  }

  private static ObjectNode message(ObjectNode line) {
    return line.putObject("message").put("role", "assistant").put("content", "");
  }

  private void toolCall(ObjectNode message, Channels.ToolCall call) throws JsonProcessingException {
    com.fasterxml.jackson.databind.node.ArrayNode calls = message.withArray("tool_calls");
    ObjectNode function = calls.addObject().putObject("function");
    function.put("name", call.name());
    function.set("arguments", mapper.readTree(call.arguments()));
  }

  /** One NDJSON line; the headers go with the first. */
  private void write(ObjectNode line) throws IOException {
    try {
      if (events == null) {
        events = EventStream.open(ex, EventStream.Framing.NDJSON);
      }
      events.send(mapper.writeValueAsString(line));
    } catch (IOException e) {
      clientGone = true;
      throw e;
    }
  }
}
