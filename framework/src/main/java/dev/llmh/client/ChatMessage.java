package dev.llmh.client;

import dev.llmh.measure.ToolCall;
import java.util.List;
import java.util.Objects;

/**
 * One message of a conversation's history: {@code user}, {@code assistant} or {@code tool}, and its text.
 *
 * @param toolCalls the tool calls an assistant message made, sent with it (their ids {@code call_1},
 *     {@code call_2}... in order, which a tool message names); empty for the others
 * @param toolCallId the call a {@code tool} message answers, or null
 */
public record ChatMessage(String role, String content, List<ToolCall> toolCalls, String toolCallId) {
  public ChatMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
  }

  public ChatMessage(String role, String content) {
    this(role, content, List.of(), null);
  }

  public static ChatMessage user(String content) {
    return new ChatMessage("user", content);
  }

  public static ChatMessage assistant(String content) {
    return new ChatMessage("assistant", content);
  }

  /** An answer that made tool calls, which the history sends back with it. */
  public static ChatMessage assistant(String content, List<ToolCall> toolCalls) {
    return new ChatMessage("assistant", content, toolCalls, null);
  }

  /** A tool's result answering the call {@code id} ({@link #callId}), or no call when null. */
  public static ChatMessage tool(String content, String id) {
    return new ChatMessage("tool", content, List.of(), id);
  }

  /** The id the history gives the {@code k}-th (from 0) tool call of an assistant message. */
  public static String callId(int k) {
    return "call_" + (k + 1);
  }
}
