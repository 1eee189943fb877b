package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * A chat answer split into the channels llama.cpp's server reports, piece by piece as the engine
 * decodes: a {@code <think>…</think>} the answer opens with is reasoning ({@code reasoning_content});
 * when tools were offered, each {@code <tool_call>{"name": …, "arguments": {…}}</tool_call>} is a
 * tool call (Hermes' format, which the project's trained models write); the rest is content. Text
 * that may be the start of a tag is held back until the next piece tells; nothing else is delayed.
 * What does not parse stays text: a tool call that is not JSON with a name, or is cut off, is
 * content, and thinking that never closes (the answer ran out of tokens first) stays reasoning, so
 * the answer has no content — the no-answer case.
 */
final class Channels {
  static final String THINK = "<think>";
  static final String THINK_END = "</think>";
  static final String CALL = "<tool_call>";
  static final String CALL_END = "</tool_call>";

  /** One part of the answer, in the order written. */
  sealed interface Part permits Content, Reasoning, ToolCall {}

  record Content(String text) implements Part {}

  record Reasoning(String text) implements Part {}

  /** @param arguments the arguments as JSON text, as OpenAI sends them */
  record ToolCall(String name, String arguments) implements Part {}

  private enum State { OPENING, REASONING, CONTENT, CALL }

  private final boolean tools;
  private final ObjectMapper mapper;
  private final StringBuilder held = new StringBuilder();
  private State state = State.OPENING;
  /** After thinking or a call, the whitespace before the next text is dropped, as llama.cpp does. */
  private boolean trimming;

  Channels(boolean tools, ObjectMapper mapper) {
    this.tools = tools;
    this.mapper = mapper;
  }

  /** The parts {@code piece} completes; the rest is held until a later piece or {@link #finish}. */
  List<Part> accept(String piece) {
    held.append(piece);
    List<Part> parts = new ArrayList<>();
    while (step(parts)) {
      // each step consumes held text or changes state
    }
    return parts;
  }

  /** What is still held, once generation ended. */
  List<Part> finish() {
    List<Part> parts = new ArrayList<>();
    String rest = held.toString();
    held.setLength(0);
    switch (state) {
      case REASONING -> add(parts, new Reasoning(rest));
      case CALL -> add(parts, new Content(CALL + rest));
      default -> add(parts, new Content(trimming ? rest.stripLeading() : rest));
    }
    return parts;
  }

  private boolean step(List<Part> parts) {
    String text = held.toString();
    switch (state) {
      case OPENING -> {
        if (text.startsWith(THINK)) {
          consume(THINK.length(), State.REASONING);
          return true;
        }
        if (THINK.startsWith(text)) {
          return false; // may still become <think>
        }
        state = State.CONTENT;
        return true;
      }
      case REASONING -> {
        return emitUntil(THINK_END, parts, Reasoning::new, State.CONTENT);
      }
      case CONTENT -> {
        if (trimming) {
          String stripped = text.stripLeading();
          held.delete(0, text.length() - stripped.length());
          if (stripped.isEmpty()) {
            return false;
          }
          trimming = false;
          text = stripped;
        }
        if (!tools) {
          held.setLength(0);
          add(parts, new Content(text));
          return false;
        }
        return emitUntil(CALL, parts, Content::new, State.CALL);
      }
      case CALL -> {
        int end = text.indexOf(CALL_END);
        if (end < 0) {
          return false;
        }
        parts.add(call(text.substring(0, end)));
        consume(end + CALL_END.length(), State.CONTENT);
        return true;
      }
      default -> throw new AssertionError(state);
    }
  }

  /**
   * Emits the text before {@code tag} and moves to {@code next} past it; without the tag, emits all
   * but a tail that may be its start.
   */
  private boolean emitUntil(String tag, List<Part> parts, java.util.function.Function<String, Part> as, State next) {
    String text = held.toString();
    int at = text.indexOf(tag);
    if (at >= 0) {
      add(parts, as.apply(text.substring(0, at)));
      consume(at + tag.length(), next);
      return true;
    }
    int safe = text.length() - partialTag(text, tag);
    add(parts, as.apply(text.substring(0, safe)));
    held.delete(0, safe);
    return false;
  }

  private void consume(int length, State next) {
    held.delete(0, length);
    state = next;
    trimming = next == State.CONTENT;
  }

  /** A call's JSON as a tool call, or, when it is not one, the text as written. */
  private Part call(String body) {
    try {
      JsonNode call = mapper.readTree(body);
      if (call != null && call.path("name").isTextual() && (call.path("arguments").isObject() || !call.has("arguments"))) {
        JsonNode arguments = call.has("arguments") ? call.get("arguments") : mapper.createObjectNode();
        return new ToolCall(call.get("name").textValue(), mapper.writeValueAsString(arguments));
      }
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      // not a call: kept as text below
    }
    return new Content(CALL + body + CALL_END);
  }

  /** How long the longest end of {@code text} is that {@code tag} starts with. */
  private static int partialTag(String text, String tag) {
    for (int n = Math.min(text.length(), tag.length() - 1); n > 0; n--) {
      if (tag.startsWith(text.substring(text.length() - n))) {
        return n;
      }
    }
    return 0;
  }

  private static void add(List<Part> parts, Part part) {
    boolean empty = part instanceof Content c ? c.text().isEmpty() : part instanceof Reasoning r && r.text().isEmpty();
    if (!empty) {
      parts.add(part);
    }
  }
}
