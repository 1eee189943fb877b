package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.Api;
import dev.llmh.front.Message;
import dev.llmh.measure.RequestSample;
import dev.llmh.sim.SimTokenizer;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A conversation's turn: the history goes before the new user message, and its answer's text is kept apart from the reasoning. */
class ConversationTurnTest {
  private static final List<ChatMessage> HISTORY =
      List.of(ChatMessage.user("Hello."), ChatMessage.assistant(" the model"));

  @Test
  void theHistoryPrecedesTheNewMessageInEveryChatProtocol() throws Exception {
    ChatRequest turn = ChatRequest.builder("m", "And now?", 7).seed(42).history(HISTORY).build();
    for (JsonNode body : List.of(
        new ObjectMapper().readTree(OpenAiChatClient.body(turn, false)),
        new ObjectMapper().readTree(OllamaClient.body(Api.OLLAMA_CHAT, turn)))) {
      JsonNode messages = body.get("messages");
      assertThat(messages).extracting(m -> m.get("role").asText()).containsExactly("user", "assistant", "user");
      assertThat(messages).extracting(m -> m.get("content").asText()).containsExactly("Hello.", " the model", "And now?");
    }
    // A single prompt cannot carry a history; the engine refuses such a case before its first request.
    assertThatThrownBy(() -> OllamaClient.body(Api.OLLAMA_GENERATE, turn)).hasMessageContaining("needs a chat protocol");
  }

  @Test
  void everyRequestKeepsItsAnswerApartFromItsReasoning() {
    SimulatorSettings settings = SimulatorSettings.defaults().withDecodeTokensPerSecond(2000).withReasoningTokens(2);
    try (SimulatedServer server = SimulatedServer.start(settings);
        OpenAiChatClient client = new OpenAiChatClient(server.baseUrl(), Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
      RequestSample turn = client.send(ChatRequest.builder("any", "And now?", 5).seed(42).history(HISTORY)
          .build());
      assertThat(turn.error()).isNull();
      assertThat(turn.text().answer()).isEqualTo(SimTokenizer.outputText(42, 2, 5));
      assertThat(server.servedRequests().get(0).request().messages()).containsExactly(
          new Message("user", "Hello."), new Message("assistant", " the model"), new Message("user", "And now?"));

      assertThat(turn.text().reasoning()).isEqualTo(SimTokenizer.outputText(42, 0, 2));

      // A single request keeps its answer too, for checks: only the record bounds it.
      RequestSample single = client.send(ChatRequest.builder("any", "Hi", 5).seed(42).build());
      assertThat(single.error()).isNull();
      assertThat(single.text().answer()).isEqualTo(SimTokenizer.outputText(42, 2, 5));
      assertThat(single.text().reasoning()).isEqualTo(SimTokenizer.outputText(42, 0, 2));
    }
  }
}
