package dev.llmh.embedded.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.embedded.engine.Engine.ChatMessage;
import dev.llmh.embedded.engine.Engine.Completion;
import dev.llmh.embedded.engine.Engine.CompletionRequest;
import dev.llmh.embedded.engine.Engine.PromptTooLongException;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The tiny model on the real engine; one engine for the whole class. */
class LlamaEngineTest {

  static final Path TARGET = Path.of("target").toAbsolutePath();
  static final int SLOT_CONTEXT = 256;
  static LlamaEngine engine;

  @BeforeAll
  static void open() throws IOException {
    Path file = ModelFiles.ensure(ModelSpec.TINY, TARGET.resolve("test-models"));
    engine = LlamaEngine.open(file, ModelSpec.TINY, 2, SLOT_CONTEXT, TARGET.resolve("jllama-native"));
  }

  @AfterAll
  static void close() {
    if (engine != null) {
      engine.close();
    }
  }

  @Test
  void aFileLlamaCppCannotLoadFailsWithItsLog() throws IOException {
    Path broken = TARGET.resolve("test-models").resolve("broken.gguf");
    Files.write(broken, new byte[] {'G', 'G', 'U', 'F', 3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9, 9});
    assertThatThrownBy(() -> LlamaEngine.open(broken, ModelSpec.TINY, 1, 64, TARGET.resolve("jllama-native")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("could not load")
        .hasMessageContaining("llama.cpp log (last lines):")
        .satisfies(e -> System.out.println("load failure message: " + e.getMessage()));
  }

  @Test
  void halfPrecisionAndQ8ModelsLoadAndGenerateWords() throws IOException {
    for (var type : List.of(dev.llmh.embedded.model.TensorType.F16, dev.llmh.embedded.model.TensorType.Q8_0)) {
      ModelSpec spec = ModelSpec.TINY.withTensorType(type);
      Path file = ModelFiles.ensure(spec, TARGET.resolve("test-models"));
      try (LlamaEngine other = LlamaEngine.open(file, spec, 1, 64, TARGET.resolve("jllama-native"))) {
        List<String> pieces = new ArrayList<>();
        other.complete(new CompletionRequest("Define latency.", 6, 0.0, 1, List.of(), false, null), pieces::add);
        assertThat(pieces).as(type.toString()).hasSize(6).allSatisfy(p -> assertThat(p).matches(" [a-zA-Z]+"));
        assertThat(other.info().modelShape()).endsWith(type.toString());
        assertThat(other.info().tensorType()).isEqualTo(type.name());
      }
    }
  }

  @Test
  void infoDescribesTheModel() throws IOException {
    Engine.EngineInfo info = engine.info();
    Path file = TARGET.resolve("test-models").resolve(info.modelFile());
    assertThat(info.engine()).isEqualTo("llama.cpp (java-llama.cpp 4.1.0)");
    assertThat(info.engineVersion()).contains("4.1.0");
    assertThat(info.modelBytes()).isEqualTo(Files.size(file));
    assertThat(info.modelSha256()).isEqualTo(ModelFiles.sha256(file)).hasSize(64);
    assertThat(info.modelShape()).isEqualTo("llama 2L×64, 4 heads (2 kv), ffn 128, vocab 8192, ctx 2048, F32");
    assertThat(info.tensorType()).isEqualTo("F32");
    assertThat(info.architecture()).isEqualTo("llama");
    assertThat(engine.slots()).isEqualTo(2);
    assertThat(engine.slotContext()).isEqualTo(SLOT_CONTEXT);
  }

  @Test
  void englishTokenizesAtRoughlyWordLevel() {
    String sentence = "Summarise this document and explain what the latency numbers mean for users of the"
        + " service, then define context length in a few simple words.";
    int words = sentence.split(" ").length;
    assertThat(engine.countTokens(sentence)).isLessThanOrEqualTo((int) (words * 1.6));
    for (String word : List.of("word", " word", "Summarise", " Summarise", " this", "Define", " latency",
        " context", "What", " does", " stand", " for")) {
      assertThat(engine.countTokens(word)).as(word).isEqualTo(1);
    }
    // An acronym outside the vocabulary falls apart into letters, as with a real tokenizer.
    assertThat(engine.countTokens("What does TTFT stand for?")).isLessThanOrEqualTo(10);
    assertThat(engine.countTokens("word ".repeat(100))).isEqualTo(101); // 100 words and the trailing space
  }

  @Test
  void chatTemplateIsChatMl() {
    String prompt = engine.applyChatTemplate(List.of(
        new ChatMessage("system", "Be brief."), new ChatMessage("user", "Define latency.")));
    assertThat(prompt).isEqualTo("<|im_start|>system\nBe brief.<|im_end|>\n"
        + "<|im_start|>user\nDefine latency.<|im_end|>\n<|im_start|>assistant\n");
    // The markers are single control tokens, not split into bytes.
    assertThat(engine.countTokens("<|im_start|>user\nWhat<|im_end|>")).isEqualTo(5);
  }

  @Test
  void greedyGenerationRunsToMaxTokensWithWordsAndRepeats() throws IOException {
    CompletionRequest request = new CompletionRequest(engine.applyChatTemplate(List.of(new ChatMessage("user",
        "What does latency stand for?"))), 24, 0.0, 42, List.of(), false, null);
    List<String> pieces = new ArrayList<>();
    Completion first = engine.complete(request, pieces::add);
    String text = String.join("", pieces);
    assertThat(pieces).hasSize(24).allSatisfy(p -> assertThat(p).matches(" [a-zA-Z]+"));
    assertThat(first.completionTokens()).isEqualTo(24).isEqualTo(engine.countTokens(text));
    assertThat(first.promptTokens()).isEqualTo(engine.countTokens(request.prompt()));
    assertThat(first.finishReason()).isEqualTo("length");
    assertThat(first.promptMs()).isPositive();
    assertThat(first.predictedMs()).isPositive();

    StringBuilder again = new StringBuilder();
    engine.complete(request, again::append);
    assertThat(again.toString()).isEqualTo(text);
  }

  @Test
  void stopStringEndsGenerationWithoutTheStopText() throws IOException {
    CompletionRequest probe = new CompletionRequest("Define latency.", 12, 0.0, 1, List.of(), false, null);
    StringBuilder full = new StringBuilder();
    engine.complete(probe, full::append);
    String[] words = full.toString().trim().split(" ");
    String stop = " " + words[3];
    StringBuilder cut = new StringBuilder();
    Completion completion = engine.complete(
        new CompletionRequest("Define latency.", 12, 0.0, 1, List.of(stop), false, null), cut::append);
    assertThat(full.toString()).startsWith(cut.toString());
    assertThat(cut.toString()).doesNotContain(stop);
    assertThat(completion.finishReason()).isEqualTo("stop");
    assertThat(completion.completionTokens()).isEqualTo(engine.countTokens(cut.toString())).isLessThan(12);
  }

  @Test
  void promptBeyondTheSlotContextIsRefused() {
    String prompt = "word ".repeat(SLOT_CONTEXT);
    assertThatThrownBy(() -> engine.complete(new CompletionRequest(prompt, 8, 0.0, 1, List.of(), false, null), p -> {}))
        .isInstanceOf(PromptTooLongException.class)
        .hasMessageContaining("prompt of " + (SLOT_CONTEXT + 1) + " tokens")
        .hasMessageContaining("max_tokens 8")
        .hasMessageContaining("slot context of " + SLOT_CONTEXT);
    // Fits alone but not with max tokens.
    String almost = "word ".repeat(SLOT_CONTEXT - 10);
    assertThatThrownBy(() -> engine.complete(new CompletionRequest(almost, 16, 0.0, 1, List.of(), false, null), p -> {}))
        .isInstanceOf(PromptTooLongException.class);
  }

  @Test
  void aThrowingSinkStopsGenerationAndTheEngineServesOn() throws IOException {
    List<String> seen = new ArrayList<>();
    CompletionRequest request = new CompletionRequest("Summarise this: word word word", 200, 0.0, 7, List.of(), false,
        null);
    assertThatThrownBy(() -> engine.complete(request, piece -> {
      seen.add(piece);
      if (seen.size() == 3) {
        throw new IOException("client went away");
      }
    })).isInstanceOf(IOException.class).hasMessage("client went away");
    assertThat(seen).hasSize(3);

    for (int i = 0; i < 3; i++) { // more requests than slots: the cancelled ones were freed
      List<String> pieces = new ArrayList<>();
      Completion next = engine.complete(new CompletionRequest("Define latency.", 5, 0.0, 7, List.of(), false, null),
          pieces::add);
      assertThat(pieces).hasSize(5);
      assertThat(next.finishReason()).isEqualTo("length");
    }
  }
}
