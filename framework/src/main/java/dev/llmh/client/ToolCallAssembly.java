package dev.llmh.client;

import dev.llmh.measure.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * The tool calls of one answer, put together from their streamed pieces in the order they arrive:
 * OpenAI streams a call's name once and its arguments in pieces, all under the call's {@code index};
 * Ollama sends each call whole, with no index. Runs on the reader thread with the rest of {@link
 * StreamRecorder#chunk}, so a piece is only appended; nothing is built until {@link #calls()}.
 */
final class ToolCallAssembly {
  private static final class Call {
    final Integer index;
    final String id;
    String name;
    final StringBuilder arguments = new StringBuilder();

    Call(Integer index, String id) {
      this.index = index;
      this.id = id;
    }
  }

  private final List<Call> calls = new ArrayList<>(2);

  void add(ToolDelta delta) {
    Call call = callOf(delta);
    if (call.name == null && delta.name() != null && !delta.name().isEmpty()) {
      call.name = delta.name();
    }
    if (delta.arguments() != null) {
      call.arguments.append(delta.arguments());
    }
  }

  /**
   * The call a piece belongs to: the one of its index; without an index, the last call unless the
   * piece starts another (it names a function, or carries another id).
   */
  private Call callOf(ToolDelta delta) {
    if (delta.index() != null) {
      for (Call call : calls) {
        if (delta.index().equals(call.index)) {
          return call;
        }
      }
    } else if (!calls.isEmpty()) {
      Call last = calls.get(calls.size() - 1);
      boolean starts = (delta.name() != null && !delta.name().isEmpty() && last.name != null)
          || (delta.id() != null && last.id != null && !delta.id().equals(last.id));
      if (!starts) {
        return last;
      }
    }
    Call call = new Call(delta.index(), delta.id());
    calls.add(call);
    return call;
  }

  boolean isEmpty() {
    return calls.isEmpty();
  }

  /** The calls in the order they began. */
  List<ToolCall> calls() {
    List<ToolCall> out = new ArrayList<>(calls.size());
    for (Call call : calls) {
      out.add(new ToolCall(call.name, call.arguments.toString()));
    }
    return out;
  }
}
