package dev.llmh.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.client.ChatMessage;
import dev.llmh.measure.RequestSample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A conversation's turns: each sees the history before it, and the first failure ends it. */
class ConversationsTest {

  private static RequestSample answered(String answer) {
    return RequestSample.builder(0, List.of(1L), 2).promptTokens(3).usageOutputTokens(1).finishReason("stop")
        .servedModel("m").firstAnswerNanos(1L).maxTokens(1).textBytes(1).answer(answer).build();
  }

  private static RequestSample failed(String reason) {
    return RequestSample.builder(0, List.of(), 2).error(reason).build();
  }

  @Test
  void everyTurnSeesTheEarlierMessagesAndAnswers() {
    List<List<ChatMessage>> seen = new ArrayList<>();
    List<RequestSample> turns = Conversations.run(List.of("a", "b", "c"), (history, message) -> {
      seen.add(history);
      return answered("answer to " + message);
    });
    assertThat(turns).hasSize(3);
    assertThat(seen.get(0)).isEmpty();
    assertThat(seen.get(2)).containsExactly(
        ChatMessage.user("a"), ChatMessage.assistant("answer to a"), ChatMessage.user("b"), ChatMessage.assistant("answer to b"));
  }

  @Test
  void aFailedTurnIsTheLastAndAThrowingSendIsAFailedTurn() {
    List<RequestSample> turns = Conversations.run(List.of("a", "b", "c"),
        (history, message) -> message.equals("b") ? failed("HTTP 500: boom") : answered("x"));
    assertThat(turns).extracting(RequestSample::error).containsExactly(null, "HTTP 500: boom");

    List<RequestSample> thrown = Conversations.run(List.of("a", "b"), (history, message) -> {
      throw new IllegalStateException("broken");
    });
    assertThat(thrown).singleElement().satisfies(s -> assertThat(s.error()).isEqualTo("harness error: java.lang.IllegalStateException: broken"));
  }
}
