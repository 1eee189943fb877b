package dev.llmh.trainer.export;

import dev.llmh.embedded.model.GgufWriter;
import dev.llmh.embedded.model.ModelGenerator;
import dev.llmh.embedded.model.ModelSpec;
import dev.llmh.embedded.model.TensorType;
import dev.llmh.embedded.model.Vocabulary;
import dev.llmh.trainer.model.Llama;
import dev.llmh.trainer.model.ModelShape;
import dev.llmh.trainer.text.ChatFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A trained {@link Llama} as a GGUF file the embedded engine loads: the generated models' tensors
 * and metadata, the chat template of {@link ChatFormat}, weights in {@code spec}'s type (norms F32).
 * Two changes keep the arithmetic llama.cpp's: the query and key rows of each head are reordered
 * from the rotate-half layout the model trained in to the adjacent pairs llama.cpp rotates (what
 * its converter does for Hugging Face llama checkpoints), and the final norm's gains are folded
 * into the output projection, leaving a norm of ones — the same logits, and the embedded server's
 * log-probabilities, which rebuild the hidden state from a norm of equal weights, stay exact.
 */
public final class GgufExport {
  private GgufExport() {}

  public static void write(Llama model, Vocabulary vocab, ModelSpec spec, Path file) throws IOException {
    if (vocab.size() != model.vocabulary()) {
      throw new IllegalArgumentException("vocabulary of " + vocab.size() + " tokens for a model of " + model.vocabulary());
    }
    ModelShape shape = model.shape();
    int w = shape.width();
    int ff = shape.feedForward();
    TensorType type = spec.tensorType();
    GgufWriter out = ModelGenerator.metadata(spec, vocab, ChatFormat.TEMPLATE);
    out.tensor("token_embd.weight", type, new long[] {w, model.vocabulary()}, rows(model.values("token_embd.weight")));
    for (int layer = 0; layer < shape.layers(); layer++) {
      String p = "blk." + layer + ".";
      out.tensor(p + "attn_norm.weight", TensorType.F32, new long[] {w}, rows(model.values(p + "attn_norm.weight")));
      out.tensor(p + "attn_q.weight", type, new long[] {w, w}, rows(pairs(model.values(p + "attn_q.weight"), shape)));
      out.tensor(p + "attn_k.weight", type, new long[] {w, w}, rows(pairs(model.values(p + "attn_k.weight"), shape)));
      out.tensor(p + "attn_v.weight", type, new long[] {w, w}, rows(model.values(p + "attn_v.weight")));
      out.tensor(p + "attn_output.weight", type, new long[] {w, w}, rows(model.values(p + "attn_output.weight")));
      out.tensor(p + "ffn_norm.weight", TensorType.F32, new long[] {w}, rows(model.values(p + "ffn_norm.weight")));
      out.tensor(p + "ffn_gate.weight", type, new long[] {w, ff}, rows(model.values(p + "ffn_gate.weight")));
      out.tensor(p + "ffn_up.weight", type, new long[] {w, ff}, rows(model.values(p + "ffn_up.weight")));
      out.tensor(p + "ffn_down.weight", type, new long[] {ff, w}, rows(model.values(p + "ffn_down.weight")));
    }
    out.tensor("output_norm.weight", TensorType.F32, new long[] {w}, (r, row) -> Arrays.fill(row, 1f));
    out.tensor("output.weight", type, new long[] {w, model.vocabulary()},
        rows(folded(model.values("output.weight"), model.values("output_norm.weight"))));
    out.write(file);
  }

  /** Row {@code r} of a matrix stored row after row. */
  private static GgufWriter.Rows rows(float[] values) {
    return (r, row) -> System.arraycopy(values, (int) r * row.length, row, 0, row.length);
  }

  /**
   * Each head's rows from (first halves, second halves) to pairs: row {@code 2i + j} of a head is
   * row {@code j × size/2 + i} of the rotate-half layout.
   */
  static float[] pairs(float[] weight, ModelShape shape) {
    int size = shape.headSize();
    int columns = shape.width();
    float[] out = new float[weight.length];
    for (int h = 0; h < shape.heads(); h++) {
      for (int i = 0; i < size / 2; i++) {
        for (int j = 0; j < 2; j++) {
          System.arraycopy(weight, (h * size + j * size / 2 + i) * columns, out, (h * size + 2 * i + j) * columns, columns);
        }
      }
    }
    return out;
  }

  /** The output projection times the final norm's gains, column by column. */
  private static float[] folded(float[] output, float[] gains) {
    float[] out = output.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] *= gains[i % gains.length];
    }
    return out;
  }
}
