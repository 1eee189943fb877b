package dev.llmh.load;

import dev.llmh.client.ChatMessage;
import dev.llmh.measure.RequestSample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * One conversation, turn after turn on the calling worker: each turn sends the history so far (user
 * and assistant messages) and the turn's user message, and its answer joins the history. A failed
 * turn ends the conversation, since the next turn would need its answer: the failed turn is its last
 * sample, with its reason, and the turns after it are never sent (they are no requests).
 */
public final class Conversations {
  private Conversations() {}

  /**
   * @param messages each turn's user message, turn 1 first
   * @param send sends one turn, given the history before it and its user message; it must not throw,
   *     but if it does the turn is recorded as failed with the exception as its reason
   * @return the turns sent, in order: all of them, or up to and including the first that failed
   */
  public static List<RequestSample> run(List<String> messages, BiFunction<List<ChatMessage>, String, RequestSample> send) {
    return run(messages, 0, send);
  }

  /**
   * As {@link #run(List, BiFunction)}, turn {@code toolResultTurn} (from 2; 0 for none) carrying its
   * message back as a tool's result ({@code @ToolResult}): the history gains one tool message answering
   * each call the previous answer made (one answering none when it made none) and the turn is sent
   * with no user message ({@code send} gets null). Every answer joins the history with its tool calls.
   */
  public static List<RequestSample> run(
      List<String> messages, int toolResultTurn, BiFunction<List<ChatMessage>, String, RequestSample> send) {
    List<ChatMessage> history = new ArrayList<>();
    List<RequestSample> turns = new ArrayList<>(messages.size());
    for (int t = 0; t < messages.size(); t++) {
      String message = messages.get(t);
      boolean toolResult = t + 1 == toolResultTurn && !turns.isEmpty();
      if (toolResult) {
        int calls = turns.get(turns.size() - 1).text().toolCalls().size();
        for (int k = 0; k < Math.max(1, calls); k++) {
          history.add(ChatMessage.tool(message, calls == 0 ? null : ChatMessage.callId(k)));
        }
      }
      long start = System.nanoTime();
      RequestSample turn;
      try {
        turn = send.apply(List.copyOf(history), toolResult ? null : message);
      } catch (RuntimeException | Error e) {
        turn = ClosedLoop.harnessError(start, e);
      }
      turns.add(turn);
      if (!turn.succeeded()) {
        break;
      }
      if (!toolResult) {
        history.add(ChatMessage.user(message));
      }
      history.add(ChatMessage.assistant(turn.text().answer() == null ? "" : turn.text().answer(), turn.text().toolCalls()));
    }
    return turns;
  }
}
