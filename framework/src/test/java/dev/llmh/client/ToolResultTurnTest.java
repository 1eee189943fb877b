package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.Api;
import dev.llmh.load.Conversations;
import dev.llmh.measure.RequestSample;
import dev.llmh.measure.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A conversation's turn carrying a tool's result back: the previous answer's calls go with its
 * assistant message, a tool message answers each, and the turn sends no user message.
 */
class ToolResultTurnTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static RequestSample answered(String text, List<ToolCall> calls) {
    return RequestSample.builder(0, List.of(1L), 2).promptTokens(5).usageOutputTokens(1).finishReason("stop")
        .servedModel("m").firstAnswerNanos(1L).maxTokens(8).textBytes(1).answer(text).toolCalls(calls).build();
  }

  @Test
  void theToolTurnAnswersEachCallOfThePreviousAnswerAndSendsNoUserMessage() {
    List<List<ChatMessage>> histories = new ArrayList<>();
    List<String> sent = new ArrayList<>();
    List<ToolCall> calls = List.of(new ToolCall("get_weather", "{\"city\":\"Paris\"}"), new ToolCall("get_time", "{}"));
    List<RequestSample> turns = Conversations.run(List.of("Weather in Paris?", "{\"temp\": 21}", "Thanks."), 2, (history, message) -> {
      histories.add(history);
      sent.add(message);
      return histories.size() == 1 ? answered("", calls) : answered("ok", List.of());
    });
    assertThat(turns).hasSize(3);
    assertThat(sent).containsExactly("Weather in Paris?", null, "Thanks.");
    assertThat(histories.get(1)).containsExactly(
        ChatMessage.user("Weather in Paris?"), ChatMessage.assistant("", calls),
        ChatMessage.tool("{\"temp\": 21}", "call_1"), ChatMessage.tool("{\"temp\": 21}", "call_2"));
    // after the tool turn its answer follows the tool messages; no user message stands for the turn
    assertThat(histories.get(2)).hasSize(5).last().isEqualTo(ChatMessage.assistant("ok", List.of()));
  }

  @Test
  void aPreviousAnswerWithoutCallsStillGetsTheToolMessageAnsweringNone() {
    List<List<ChatMessage>> histories = new ArrayList<>();
    Conversations.run(List.of("Weather?", "{\"temp\": 21}"), 2, (history, message) -> {
      histories.add(history);
      return answered("It is sunny.", List.of());
    });
    assertThat(histories.get(1)).last().isEqualTo(ChatMessage.tool("{\"temp\": 21}", null));
  }

  @Test
  void bothChatProtocolsSendTheCallsAndTheResultTheirOwnWay() throws Exception {
    List<ChatMessage> history = List.of(ChatMessage.user("Weather in Paris?"),
        ChatMessage.assistant("", List.of(new ToolCall("get_weather", "{\"city\":\"Paris\"}"), new ToolCall("get_time", "{\"cut"))),
        ChatMessage.tool("{\"temp\": 21}", "call_1"));
    ChatRequest turn = ChatRequest.builder("m", null, 8).seed(1).history(history).build();

    JsonNode openAi = JSON.readTree(OpenAiChatClient.body(turn, false)).get("messages");
    assertThat(openAi).extracting(m -> m.get("role").asText()).containsExactly("user", "assistant", "tool");
    assertThat(openAi.get(1).get("tool_calls")).isEqualTo(JSON.readTree("[{\"id\":\"call_1\",\"type\":\"function\",\"function\":"
        + "{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}},{\"id\":\"call_2\",\"type\":\"function\","
        + "\"function\":{\"name\":\"get_time\",\"arguments\":\"{\\\"cut\"}}]"));
    assertThat(openAi.get(2)).isEqualTo(JSON.readTree("{\"role\":\"tool\",\"content\":\"{\\\"temp\\\": 21}\",\"tool_call_id\":\"call_1\"}"));

    // Ollama takes arguments as an object; arguments that are none go as the text they were
    JsonNode ollama = JSON.readTree(OllamaClient.body(Api.OLLAMA_CHAT, turn)).get("messages");
    assertThat(ollama).extracting(m -> m.get("role").asText()).containsExactly("user", "assistant", "tool");
    assertThat(ollama.get(1).get("tool_calls").get(0).get("function").get("arguments")).isEqualTo(JSON.readTree("{\"city\":\"Paris\"}"));
    assertThat(ollama.get(1).get("tool_calls").get(1).get("function").get("arguments").asText()).isEqualTo("{\"cut");
  }
}
