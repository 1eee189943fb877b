package dev.llmh.client;

import java.util.Objects;

/** One message of a conversation's history: {@code user} or {@code assistant}, and its text. */
public record ChatMessage(String role, String content) {
  public ChatMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
  }

  public static ChatMessage user(String content) {
    return new ChatMessage("user", content);
  }

  public static ChatMessage assistant(String content) {
    return new ChatMessage("assistant", content);
  }
}
