package dev.llmh.embedded.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.embedded.engine.Engine.CompletionRequest;
import dev.llmh.embedded.engine.Engine.Logprobs;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import dev.llmh.embedded.model.TensorType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The log-probabilities rebuilt from llama.cpp's hidden state against llama.cpp's own choice: at
 * every position of a greedy answer, the most likely token is the one llama.cpp generated, for each
 * weight type (so the head's arithmetic, hidden-state length and token texts are right).
 */
class EngineLogprobsTest {
  static final Path TARGET = Path.of("target").toAbsolutePath();

  @Test
  void theMostLikelyTokenIsTheOneLlamaCppGeneratesGreedily() throws IOException {
    for (TensorType type : List.of(TensorType.F32, TensorType.F16, TensorType.Q8_0)) {
      ModelSpec spec = ModelSpec.TINY.withTensorType(type);
      Path file = ModelFiles.ensure(spec, TARGET.resolve("test-models"));
      try (LlamaEngine engine = LlamaEngine.open(file, spec, 1, 128, TARGET.resolve("jllama-native"))) {
        String prompt = "Define latency in one sentence.";
        List<String> pieces = new ArrayList<>();
        engine.complete(new CompletionRequest(prompt, 12, 0.0, 1, List.of()), pieces::add);
        StringBuilder text = new StringBuilder(prompt);
        for (String piece : pieces) {
          Logprobs at = engine.logprobs(text.toString(), 5, piece);
          assertThat(at.top()).as(type + " after '" + text + "'").hasSize(5);
          assertThat(at.top().get(0).token()).as(type + " after '" + text + "'").isEqualTo(piece);
          assertThat(at.logprob()).isEqualTo(at.top().get(0).logprob()).isLessThanOrEqualTo(0.0);
          double mass = at.top().stream().mapToDouble(t -> Math.exp(t.logprob())).sum();
          assertThat(mass).isBetween(0.0, 1.0 + 1e-9);
          text.append(piece);
        }
        System.out.println(type + ": " + pieces + " first position's top: " + engine.logprobs(prompt, 5, pieces.get(0)).top());
      }
    }
  }
}
