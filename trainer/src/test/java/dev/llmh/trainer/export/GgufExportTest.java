package dev.llmh.trainer.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import dev.llmh.embedded.engine.Engine.Logprobs;
import dev.llmh.embedded.engine.LlamaEngine;
import dev.llmh.embedded.model.ModelSpec;
import dev.llmh.embedded.model.SplitMix;
import dev.llmh.embedded.model.TensorType;
import dev.llmh.embedded.model.Vocabulary;
import dev.llmh.trainer.model.Llama;
import dev.llmh.trainer.model.ModelShape;
import dev.llmh.trainer.text.ChatTokens;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exported file computes what the model computed: llama.cpp's next-token log-probabilities
 * (the embedded engine's, rebuilt from its final hidden state) against the model's own, after a
 * text long enough that rotary positions matter. The weights are made far from uniform first —
 * sharp attention and norms of every gain — so that rows of the query and key put in the wrong pairs,
 * or a final norm not folded, would move the figures by far more than the tolerance.
 */
class GgufExportTest {
  static final Path TARGET = Path.of("target", "export-test").toAbsolutePath();
  static final ModelShape SHAPE = new ModelShape("export-test", 2, 64, 4, 128, 128, 600);
  static final String TEXT = "Return the film as JSON with keys title and year: The Silent Harbor came out in 1987.";

  @Test
  void llamaCppGivesTheModelsOwnNextTokenLogprobs() throws IOException {
    System.setProperty("ai.djl.offline", "true");
    Files.createDirectories(TARGET);
    Vocabulary vocab = Vocabulary.build(SHAPE.vocabularyTarget(), List.of("the", "film", "json", "with", "keys", "title", "and", "year"));
    ModelSpec spec = SHAPE.spec(TensorType.F32, 3);
    Path file = TARGET.resolve("export-test.gguf");
    try (NDManager manager = NDManager.newBaseManager()) {
      Llama model = Llama.initial(SHAPE, vocab.size(), 3, manager);
      sharpen(model);
      GgufExport.write(model, vocab, spec, file);
      int[] ids;
      try (ChatTokens tokens = new ChatTokens(file, TARGET.resolve("native"))) {
        ids = tokens.ids(TEXT);
      }
      assertThat(ids.length).isGreaterThan(30);
      double[] own = lastLogprobs(model, ids, manager);
      Arrays.sort(own);
      try (LlamaEngine engine = LlamaEngine.open(file, spec, 1, SHAPE.context(), TARGET.resolve("native"))) {
        Logprobs theirs = engine.logprobs(TEXT, 20, "");
        for (int i = 0; i < 20; i++) {
          assertThat(theirs.top().get(i).logprob()).as("rank %d", i).isCloseTo(own[own.length - 1 - i], within(1e-3));
        }
        double spread = own[own.length - 1] - own[own.length - 20];
        assertThat(spread).as("the top 20 are not a flat distribution").isGreaterThan(0.5);
      }
    }
  }

  /** Query and key weights 20 times larger (attention far from uniform), norm gains drawn from 0.5–1.5. */
  private static void sharpen(Llama model) {
    SplitMix rng = new SplitMix(9);
    model.weights().forEach((name, w) -> {
      if (name.endsWith("attn_q.weight") || name.endsWith("attn_k.weight")) {
        w.muli(20f);
      } else if (name.endsWith("norm.weight")) {
        float[] gains = new float[(int) w.size()];
        for (int i = 0; i < gains.length; i++) {
          gains[i] = (float) (0.5 + rng.nextDouble());
        }
        w.set(gains);
      } else if (name.equals("output.weight") || name.equals("token_embd.weight")) {
        w.muli(50f);
      }
    });
  }

  private static double[] lastLogprobs(Llama model, int[] ids, NDManager manager) {
    long[] input = Arrays.stream(ids).asLongStream().toArray();
    NDArray logits = model.logits(manager.create(input, new Shape(1, ids.length)));
    float[] last = logits.get("0, -1, :").logSoftmax(-1).toFloatArray();
    double[] out = new double[last.length];
    for (int i = 0; i < last.length; i++) {
      out[i] = last[i];
    }
    return out;
  }
}
