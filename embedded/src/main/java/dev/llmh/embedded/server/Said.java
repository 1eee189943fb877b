package dev.llmh.embedded.server;

import java.util.ArrayList;
import java.util.List;

/** What a chat answer said so far, channel by channel ({@link Channels}): for the body of an answer sent whole. */
final class Said {
  final StringBuilder content = new StringBuilder();
  final StringBuilder reasoning = new StringBuilder();
  final List<Channels.ToolCall> calls = new ArrayList<>();

  void add(Channels.Part part) {
    if (part instanceof Channels.Content c) {
      content.append(c.text());
    } else if (part instanceof Channels.Reasoning r) {
      reasoning.append(r.text());
    } else {
      calls.add((Channels.ToolCall) part);
    }
  }
}
