package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The streaming reader of one OpenAI chunk: the fields that matter, whatever surrounds them. */
class OpenAiChunkTest {

  @Test
  void readsTheFirstChoiceUsageAndTimingsAndSkipsEverythingElse() throws Exception {
    OpenAiChunk chunk = OpenAiChunk.read("{\"id\":\"x\",\"extra\":{\"deep\":[1,{\"content\":\"no\"}]},\"model\":\"m1\","
        + "\"choices\":[{\"index\":0,\"logprobs\":{\"content\":[{\"token\":\"no\"}]},\"delta\":{\"role\":\"assistant\","
        + "\"content\":\"Hi\",\"reasoning_content\":\"think\",\"tool_calls\":[{\"x\":1}]},\"finish_reason\":\"length\"},"
        + "{\"index\":1,\"delta\":{\"content\":\"second choice\"}}],"
        + "\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":\"7\",\"completion_tokens_details\":{\"reasoning_tokens\":3},"
        + "\"prompt_tokens_details\":{\"audio_tokens\":0,\"cached_tokens\":8}},"
        + "\"timings\":{\"prompt_ms\":1.5,\"predicted_n\":7,\"label\":\"skip\"}}");
    assertThat(chunk.error).isNull();
    assertThat(chunk.model).isEqualTo("m1");
    assertThat(chunk.content).isEqualTo("Hi");
    assertThat(chunk.reasoningContent).isEqualTo("think");
    assertThat(chunk.reasoning).isNull();
    assertThat(chunk.finishReason).isEqualTo("length");
    assertThat(chunk.promptTokens).isEqualTo(12);
    assertThat(chunk.completionTokens).isEqualTo(7);
    assertThat(chunk.reasoningTokens).isEqualTo(3);
    assertThat(chunk.cachedTokens).isEqualTo(8);
    assertThat(chunk.timings).containsExactly(java.util.Map.entry("prompt_ms", 1.5), java.util.Map.entry("predicted_n", 7.0));
  }

  @Test
  void emptyAndNullFieldsAreAbsent() throws Exception {
    OpenAiChunk chunk = OpenAiChunk.read("{\"model\":null,\"choices\":[{\"delta\":{\"content\":\"\"},\"text\":null,"
        + "\"finish_reason\":null}],\"usage\":null}");
    assertThat(chunk.model).isNull();
    assertThat(chunk.content).isNull();
    assertThat(chunk.text).isNull();
    assertThat(chunk.finishReason).isNull();
    assertThat(chunk.completionTokens).isNull();
    assertThat(chunk.timings).isNull();
  }

  @Test
  void anErrorIsKeptAsItsJson() throws Exception {
    assertThat(OpenAiChunk.read("{\"error\":{\"message\":\"overloaded\",\"code\":503}}").error)
        .isEqualTo("{\"message\":\"overloaded\",\"code\":503}");
    assertThat(OpenAiChunk.read("{\"error\":\"busy\"}").error).isEqualTo("\"busy\"");
  }

  @Test
  void legacyCompletionsTextAndANonObjectRootAreRead() throws Exception {
    assertThat(OpenAiChunk.read("{\"choices\":[{\"text\":\" word\"}]}").text).isEqualTo(" word");
    assertThat(OpenAiChunk.read("[1, 2]").content).isNull();
  }

  @Test
  void malformedJsonThrowsEvenWhenTheBrokenPartIsOneThatIsSkipped() {
    assertThatThrownBy(() -> OpenAiChunk.read("{\"choices\":[{\"delta\":{\"content\":\"Hi\"}}")).isInstanceOf(IOException.class);
    assertThatThrownBy(() -> OpenAiChunk.read("{\"extra\":{\"a\":[1,}, \"choices\":[]}")).isInstanceOf(IOException.class);
  }
}
