package dev.llmh.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.client.ServerContext;
import dev.llmh.config.Api;
import dev.llmh.synthetic.PromptFlags;
import org.junit.jupiter.api.Test;

class PromptCheckTest {

  @Test
  void aSyntheticPromptBelowItsToleranceWasTruncatedAndAboveItIsOffTarget() {
    PromptCheck check = new PromptCheck(512, 10, null, Api.OLLAMA_CHAT, 2048);
    assertThat(check.flags(512)).isEmpty();
    assertThat(check.flags(502)).isEmpty();
    assertThat(check.flags(501)).containsExactly(PromptFlags.TRUNCATED);
    assertThat(check.flags(523)).containsExactly(PromptFlags.OFF_TARGET);
    assertThat(check.flags(null)).isEmpty();
  }

  @Test
  void aWrittenPromptCountedAtTheWholeContextWasTruncated() {
    PromptCheck check = new PromptCheck(null, 0, new ServerContext(2048, "option num_ctx"), Api.OLLAMA_CHAT, 4096);
    assertThat(check.truncated(2047)).isFalse();
    assertThat(check.truncated(2048)).isTrue();
    assertThat(PromptCheck.NONE.truncated(100_000)).isFalse();
  }

  @Test
  void theReasonNamesTheContextAndTheOptionThatRaisesIt() {
    PromptCheck ollama = new PromptCheck(4096, 81, new ServerContext(2048, "/api/show parameters num_ctx"), Api.OLLAMA_CHAT, 8192);
    assertThat(ollama.truncationReason(3, 10, 2048))
        .contains("3 of 10 measured requests", "counted 2048 tokens of a prompt of 4096 tokens",
            "the server's context is 2048 tokens (/api/show parameters num_ctx)",
            "@Endpoint(options = \"num_ctx=8192\")", "-Dllmh.options=num_ctx=8192");
    assertThat(PromptCheck.contextAdvice(Api.OPENAI_CHAT, null, 8192))
        .contains("smaller than the prompt", "--ctx-size", "--max-model-len", "ollama-chat");
    assertThat(PromptCheck.roundedUp(2048 + 32)).isEqualTo(4096);
    assertThat(PromptCheck.roundedUp(100)).isEqualTo(2048);
  }
}
