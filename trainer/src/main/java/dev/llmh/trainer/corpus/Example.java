package dev.llmh.trainer.corpus;

import java.util.List;

/**
 * One conversation turn: the system message (empty when none), the tools offered, what the user
 * asks, and the answer the model should give, word for word; {@code expected} is what a check of the
 * answer looks for (the JSON, the tool's argument, the number, the words, the score).
 */
public record Example(Task task, String system, List<String> tools, String user, String answer, String expected) {
  public Example {
    tools = List.copyOf(tools);
  }

  /** An example with no system message. */
  static Example of(Task task, List<String> tools, String user, String answer, String expected) {
    return new Example(task, "", tools, user, answer, expected);
  }
}
