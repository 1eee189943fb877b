package dev.llmh.front;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Ollama's {@code /api/chat} body read into the same fields as OpenAI's: its own names, its own defaults. */
class OpenAiRequestTest {
  private static final OpenAiRequest.Defaults DEFAULTS = new OpenAiRequest.Defaults(128, 0.8, 0L);
  private static final String MESSAGES = "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]";

  @Test
  void ollamasOptionsAreTheSettingsAndItStreamsUnlessToldNot() throws BadRequest {
    OpenAiRequest request = ollama("{\"model\":\"m\"," + MESSAGES
        + ",\"options\":{\"num_predict\":12,\"temperature\":0,\"seed\":7,\"stop\":[\"\\n\"]}}");
    assertThat(request.chat()).isTrue();
    assertThat(request.messages()).containsExactly(new Message("user", "Hi"));
    assertThat(request.maxTokens()).isEqualTo(12);
    assertThat(request.temperature()).isZero();
    assertThat(request.seed()).isEqualTo(7);
    assertThat(request.stop()).containsExactly("\n");
    assertThat(request.stream()).isTrue();
    assertThat(request.includeUsage()).isFalse();

    OpenAiRequest plain = ollama("{" + MESSAGES + ",\"stream\":false,\"options\":{\"num_predict\":-1}}");
    assertThat(plain.stream()).isFalse();
    assertThat(plain.maxTokens()).as("a negative num_predict is Ollama's no limit: the server's default").isEqualTo(128);
    assertThat(plain.temperature()).isEqualTo(0.8);
  }

  @Test
  void aWrongOllamaOptionIsA400NamingIt() {
    assertThatThrownBy(() -> ollama("{" + MESSAGES + ",\"options\":{\"temperature\":-1}}"))
        .isInstanceOf(BadRequest.class).hasMessageContaining("'options.temperature' must be a number >= 0");
    assertThatThrownBy(() -> ollama("{" + MESSAGES + ",\"options\":{\"num_predict\":0}}"))
        .hasMessageContaining("'options.num_predict' must be at least 1");
    assertThatThrownBy(() -> ollama("{" + MESSAGES + ",\"options\":[1]}")).hasMessageContaining("'options' must be an object");
    assertThatThrownBy(() -> ollama("{" + MESSAGES + ",\"options\":{\"stop\":7}}"))
        .hasMessageContaining("'options.stop' must be a string or an array of strings");
  }

  private static OpenAiRequest ollama(String body) throws BadRequest {
    return OpenAiRequest.parseOllamaChat(body.getBytes(StandardCharsets.UTF_8), DEFAULTS);
  }
}
