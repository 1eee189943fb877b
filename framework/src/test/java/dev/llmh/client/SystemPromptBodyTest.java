package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.Api;
import org.junit.jupiter.api.Test;

/** A system prompt as each protocol takes it, and {@code cache_prompt} as the cache mode asks. */
class SystemPromptBodyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ChatRequest request(String system, boolean disableCache, boolean keepCache) {
    Boolean cachePrompt = disableCache ? Boolean.FALSE : keepCache ? Boolean.TRUE : null;
    return ChatRequest.builder("m", "Define latency.", 7).seed(42).cachePrompt(cachePrompt).system(system).build();
  }

  @Test
  void chatProtocolsSendASystemMessageBeforeTheUserMessage() throws Exception {
    for (JsonNode body : new JsonNode[] {
        JSON.readTree(OpenAiChatClient.body(request("Be brief.", false, false), false)),
        JSON.readTree(OllamaClient.body(Api.OLLAMA_CHAT, request("Be brief.", false, false)))}) {
      JsonNode messages = body.get("messages");
      assertThat(messages).extracting(m -> m.get("role").asText()).containsExactly("system", "user");
      assertThat(messages).extracting(m -> m.get("content").asText()).containsExactly("Be brief.", "Define latency.");
    }
  }

  @Test
  void theSystemMessageComesBeforeAConversationsHistory() throws Exception {
    ChatRequest turn = ChatRequest.builder("m", "And TPOT?", 7).seed(42)
        .history(java.util.List.of(new ChatMessage("user", "What is TTFT?"), new ChatMessage("assistant", "Time to first token.")))
        .system("Be brief.").build();
    JsonNode messages = JSON.readTree(OpenAiChatClient.body(turn, false)).get("messages");
    assertThat(messages).extracting(m -> m.get("role").asText()).containsExactly("system", "user", "assistant", "user");
    assertThat(messages.get(3).get("content").asText()).isEqualTo("And TPOT?");
  }

  @Test
  void ollamaGenerateUsesItsSystemFieldAndCompletionsPutTheTextFirst() throws Exception {
    JsonNode generate = JSON.readTree(OllamaClient.body(Api.OLLAMA_GENERATE, request("Be brief.", false, false)));
    assertThat(generate.get("system").asText()).isEqualTo("Be brief.");
    assertThat(generate.get("prompt").asText()).isEqualTo("Define latency.");
    JsonNode completions = JSON.readTree(OpenAiChatClient.completionsBody(request("Be brief.", false, false), false));
    assertThat(completions.has("system")).isFalse();
    assertThat(completions.get("prompt").asText()).isEqualTo("Be brief.\n\nDefine latency.");
  }

  @Test
  void withoutASystemPromptTheBodiesAreAsBefore() throws Exception {
    JsonNode chat = JSON.readTree(OpenAiChatClient.body(request(null, false, false), false));
    assertThat(chat.get("messages")).hasSize(1);
    JsonNode generate = JSON.readTree(OllamaClient.body(Api.OLLAMA_GENERATE, request(null, false, false)));
    assertThat(generate.has("system")).isFalse();
    assertThat(JSON.readTree(OpenAiChatClient.completionsBody(request(null, false, false), false)).get("prompt").asText())
        .isEqualTo("Define latency.");
  }

  @Test
  void cachePromptIsFalseToDefeatTheCacheTrueToKeepItAndAbsentForStrictServers() throws Exception {
    assertThat(JSON.readTree(OpenAiChatClient.body(request(null, true, false), false)).get("cache_prompt").asBoolean()).isFalse();
    assertThat(JSON.readTree(OpenAiChatClient.body(request(null, false, true), false)).get("cache_prompt").asBoolean()).isTrue();
    assertThat(JSON.readTree(OpenAiChatClient.body(request(null, false, false), false)).has("cache_prompt")).isFalse();
  }
}
