package dev.llmh.client;

import java.util.List;

/**
 * One streamed piece of a tool call, as a chunk carried it: OpenAI's {@code delta.tool_calls[k]}
 * ({@code index}, {@code id}, {@code function.name}, a piece of {@code function.arguments}), or one
 * whole Ollama {@code message.tool_calls[k]} (no index: each is a call of its own).
 *
 * @param index which call the piece belongs to, or null when the server does not say
 * @param id the call's id, when this piece carries it
 * @param name the function's name, when this piece carries it
 * @param arguments the piece of the arguments' text it carries, or null
 */
record ToolDelta(Integer index, String id, String name, String arguments) {

  /**
   * Whether any piece carries generated output — a name or some argument text — and so makes its
   * chunk count as generated output; an id alone is the server's, not the model's.
   */
  static boolean generated(List<ToolDelta> deltas) {
    for (ToolDelta d : deltas) {
      if ((d.name != null && !d.name.isEmpty()) || (d.arguments != null && !d.arguments.isEmpty())) {
        return true;
      }
    }
    return false;
  }
}
