package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.llmh.embedded.engine.Engine.Completion;
import dev.llmh.front.EventStream;
import dev.llmh.front.OpenAiRequest;
import dev.llmh.front.Replies;
import java.io.IOException;
import java.util.List;

/**
 * One answer of the {@link EmbeddedServer} being written: as SSE events while the engine decodes, or
 * collected for one JSON body. A chat answer is split into content, reasoning and tool calls
 * ({@link Channels}); a completion's text is sent as written.
 *
 * <p>Streamed: chat sends a role chunk, then {@code delta.content}, {@code delta.reasoning_content}
 * and {@code delta.tool_calls} chunks, then a chunk with an empty delta and the finish_reason
 * ({@code tool_calls} when the answer called a tool); completions send {@code text} chunks, then an empty text with the
 * finish_reason. Then, only if include_usage was asked, a {@code "choices":[]} chunk with usage, and
 * {@code data: [DONE]}. The finish_reason chunk and the usage chunk carry llama.cpp-style
 * {@code timings}. Headers and the role chunk are sent only once the engine produced its first piece
 * (or finished), so that a failure before it is still a plain error response; a failure after it
 * becomes an SSE {@code {"error":{...}}} event and the stream ends without {@code [DONE]}.
 */
final class Reply implements Answer {
  private final HttpExchange ex;
  private final OpenAiRequest request;
  private final String id;
  private final String modelId;
  private final ObjectMapper mapper;
  private final long created = System.currentTimeMillis() / 1000;
  /** Null for a completion, whose text is never split. */
  private final Channels channels;
  private final Said said = new Said();
  /** Null until the headers are sent. */
  private EventStream events;
  /** Set when a write to the client failed: the engine's exception is then ours, not a failure. */
  private volatile boolean clientGone;

  Reply(HttpExchange ex, OpenAiRequest request, boolean tools, String id, String modelId, ObjectMapper mapper) {
    this.ex = ex;
    this.channels = request.chat() ? new Channels(tools, mapper) : null;
    this.request = request;
    this.id = id;
    this.modelId = modelId;
    this.mapper = mapper;
  }

  @Override
  public boolean clientGone() {
    return clientGone;
  }

  /** Log-probabilities the request asked for, or null. */
  private LogprobsJson logprobs;

  /** Makes every piece carry its log-probabilities, as the request asked. */
  void withLogprobs(LogprobsJson asked) {
    this.logprobs = asked;
  }

  /**
   * The prompt as the answer's first text ({@link Echo}), carrying {@code positions}, its tokens'
   * log-probabilities (none when not asked).
   */
  void echo(String prompt, List<dev.llmh.embedded.engine.Engine.Logprobs> positions) throws IOException {
    if (logprobs != null) {
      positions.forEach(logprobs::add);
    }
    send(List.of(new Channels.Content(prompt)));
  }

  @Override
  public void piece(String piece) throws IOException {
    piece(piece, null);
  }

  /** A piece with its position's log-probabilities ({@code position} null: none asked or known). */
  void piece(String piece, dev.llmh.embedded.engine.Engine.Logprobs position) throws IOException {
    if (logprobs != null && position != null) {
      logprobs.add(position);
    }
    if (channels != null) {
      send(channels.accept(piece));
    } else if (!piece.isEmpty()) {
      send(List.of(new Channels.Content(piece)));
    }
  }

  private void send(List<Channels.Part> parts) throws IOException {
    for (Channels.Part part : parts) {
      said.add(part);
      if (request.stream()) {
        stream(part);
      }
    }
  }

  private void stream(Channels.Part part) throws IOException {
    try {
      begin();
      ObjectNode root = chunk();
      if (!request.chat()) {
        choice(root).put("text", ((Channels.Content) part).text());
      } else {
        ObjectNode delta = choice(root).putObject("delta");
        if (part instanceof Channels.Content c) {
          delta.put("content", c.text());
        } else if (part instanceof Channels.Reasoning r) {
          delta.put("reasoning_content", r.text());
        } else {
          toolCall(delta.putArray("tool_calls").addObject(), (Channels.ToolCall) part, said.calls.size() - 1);
        }
      }
      choice(root).putNull("finish_reason");
      ObjectNode positions = logprobs == null ? null : logprobs.unsent();
      if (positions != null) {
        choice(root).set("logprobs", positions);
      }
      event(root);
    } catch (IOException e) {
      clientGone = true;
      throw e;
    }
  }

  /** A tool call as OpenAI writes one, its id unique in the server's answers. */
  private ObjectNode toolCall(ObjectNode node, Channels.ToolCall call, int index) {
    node.put("index", index).put("id", "call-" + id + "-" + index).put("type", "function");
    node.putObject("function").put("name", call.name()).put("arguments", call.arguments());
    return node;
  }

  /** Sends the SSE headers and, for chat, the role chunk, once. */
  private void begin() throws IOException {
    if (events != null) {
      return;
    }
    events = EventStream.open(ex, EventStream.Framing.SSE);
    if (request.chat()) {
      ObjectNode root = chunk();
      ObjectNode delta = choice(root).putObject("delta");
      delta.put("role", "assistant");
      delta.put("content", "");
      choice(root).putNull("finish_reason");
      event(root);
    }
  }

  @Override
  public void finish(Completion c) throws IOException {
    if (channels != null) {
      send(channels.finish());
    }
    // as llama.cpp's server: an answer that called a tool and stopped by itself finished to call it
    String finishReason = !said.calls.isEmpty() && "stop".equals(c.finishReason()) ? "tool_calls" : c.finishReason();
    if (request.stream()) {
      finishStream(c, finishReason);
    } else {
      finishWhole(c, finishReason);
    }
  }

  /** The chunk with the finish_reason, the usage chunk if asked, and [DONE]. */
  private void finishStream(Completion c, String finishReason) throws IOException {
    begin();
    ObjectNode last = chunk();
    if (request.chat()) {
      choice(last).putObject("delta");
    } else {
      choice(last).put("text", "");
    }
    choice(last).put("finish_reason", finishReason);
    ObjectNode positions = logprobs == null ? null : logprobs.unsent();
    if (positions != null) {
      choice(last).set("logprobs", positions);
    }
    last.set("timings", timings(c));
    event(last);
    if (request.includeUsage()) {
      ObjectNode usage = base(request.chat() ? "chat.completion.chunk" : "text_completion");
      usage.putArray("choices");
      usage.set("usage", usage(c));
      usage.set("timings", timings(c));
      event(usage);
    }
    events.send("[DONE]");
  }

  /** The whole answer as one JSON object. */
  private void finishWhole(Completion c, String finishReason) throws IOException {
    ObjectNode root = base(request.chat() ? "chat.completion" : "text_completion");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    if (request.chat()) {
      ObjectNode message = choice.putObject("message");
      message.put("role", "assistant");
      if (said.content.isEmpty() && !said.calls.isEmpty()) {
        message.putNull("content");
      } else {
        message.put("content", said.content.toString());
      }
      if (!said.reasoning.isEmpty()) {
        message.put("reasoning_content", said.reasoning.toString());
      }
      if (!said.calls.isEmpty()) {
        com.fasterxml.jackson.databind.node.ArrayNode list = message.putArray("tool_calls");
        for (int i = 0; i < said.calls.size(); i++) {
          toolCall(list.addObject(), said.calls.get(i), i).remove("index");
        }
      }
    } else {
      choice.put("text", said.content.toString());
      choice.putNull("logprobs");
    }
    if (logprobs != null) {
      choice.set("logprobs", logprobs.whole());
    }
    choice.put("finish_reason", finishReason);
    root.set("usage", usage(c));
    root.set("timings", timings(c));
    Replies.json(ex, 200, root);
  }

  @Override
  public void fail(int status, String type, String message) throws IOException {
    if (events == null) {
      Replies.error(ex, status, type, message);
      return;
    }
    event(Replies.errorBody(status, type, message)); // and no [DONE]: the stream did not complete
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

  private static ObjectNode choice(ObjectNode root) {
    return (ObjectNode) root.get("choices").get(0);
  }

  private void event(ObjectNode root) throws IOException {
    events.send(mapper.writeValueAsString(root));
  }

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
}
