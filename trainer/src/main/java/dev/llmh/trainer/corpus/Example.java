package dev.llmh.trainer.corpus;

import java.util.List;

/**
 * One conversation turn: what the user asks, the tools offered with it, and the answer the model
 * should give, word for word; {@code expected} is what a check of the answer looks for (the JSON,
 * the tool's argument, the number, the words).
 */
public record Example(Task task, List<String> tools, String user, String answer, String expected) {
  public Example {
    tools = List.copyOf(tools);
  }
}
