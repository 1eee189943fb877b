package dev.llmh.front;

import java.util.Objects;

/** One chat message of a request: its role and its text (the text parts of its content, joined). */
public record Message(String role, String content) {
  public Message {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
  }
}
