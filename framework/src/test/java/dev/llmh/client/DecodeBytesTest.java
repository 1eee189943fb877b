package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.embedded.model.GgufWriter;
import dev.llmh.embedded.model.TensorType;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bytes a decode step reads, per tensor, against GGUF files and an /api/show body whose tensors the test sets. */
class DecodeBytesTest {
  private static final int VOCAB = 1000;
  private static final int WIDTH = 64;

  /** token_embd 64 × 1000 F16 (128,000 B, a row 128 B), output 64 × 1000 Q8_0 (68,000 B), attn_q 64 × 64 F32 (16,384 B). */
  private static Path model(Path dir, boolean tied) throws Exception {
    GgufWriter w = new GgufWriter().putString("general.architecture", "llama")
        .putStrings("tokenizer.ggml.tokens", List.of("a", "bb", "ccc")).putFloats("scores", new float[] {1f, 2f})
        .tensor("token_embd.weight", TensorType.F16, new long[] {WIDTH, VOCAB}, (r, row) -> row[0] = r);
    if (!tied) {
      w.tensor("output.weight", TensorType.Q8_0, new long[] {WIDTH, VOCAB}, (r, row) -> row[1] = 1);
    }
    w.tensor("blk.0.attn_q.weight", TensorType.F32, new long[] {WIDTH, WIDTH}, (r, row) -> row[2] = 2);
    Path file = dir.resolve(tied ? "tied.gguf" : "untied.gguf");
    w.write(file);
    return file;
  }

  @Test
  void theEmbeddingMatrixCountsAsOneRowUnlessItIsAlsoTheOutputProjection(@TempDir Path dir) throws Exception {
    List<DecodeBytes.Tensor> untied = GgufHeader.tensors(model(dir, false));
    assertThat(untied).extracting(DecodeBytes.Tensor::name, DecodeBytes.Tensor::type)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("token_embd.weight", "F16"),
            org.assertj.core.groups.Tuple.tuple("output.weight", "Q8_0"), org.assertj.core.groups.Tuple.tuple("blk.0.attn_q.weight", "F32"));
    ModelBytes read = DecodeBytes.of(untied, ModelBytes.GGUF);
    // 128,000 + 68,000 + 16,384 = 212,384 in the file; a step reads 68,000 + 16,384 + one 128-byte row
    assertThat(read.bytes()).isEqualTo(84_512L);
    assertThat(read.rule()).isEqualTo("every tensor once, 212384 bytes, less token_embd.weight's 128000 bytes but one row of it"
        + " (128 bytes): a step looks up one token's embedding");

    ModelBytes tied = DecodeBytes.of(GgufHeader.tensors(model(dir, true)), ModelBytes.GGUF);
    assertThat(tied.bytes()).as("the output projection reads all of it").isEqualTo(144_384L);
    assertThat(tied.rule()).endsWith("token_embd.weight counted whole: it is also the output projection (no output.weight)");
  }

  @Test
  void ollamasShowTensorsAreCountedByTheSameRuleAndAnUnknownTypeLeavesTheCountUnknown() throws Exception {
    ObjectMapper json = new ObjectMapper();
    ModelBytes shown = ModelBytes.fromOllamaShow(json.readTree("""
        {"tensors": [{"name": "token_embd.weight", "type": "Q4_K", "shape": [4096, 32000]},
                     {"name": "output.weight", "type": "Q6_K", "shape": [4096, 32000]},
                     {"name": "blk.0.ffn_up.weight", "type": "Q4_K", "shape": [4096, 14336]}]}"""));
    // Q4_K: 144 B per 256 values; Q6_K: 210 B per 256
    long embedding = 4096L * 32000 / 256 * 144;
    long output = 4096L * 32000 / 256 * 210;
    long up = 4096L * 14336 / 256 * 144;
    assertThat(shown.bytes()).isEqualTo(output + up + embedding / 32000);
    assertThat(shown.source()).isEqualTo("ollama");
    assertThat(ModelBytes.fromOllamaShow(json.readTree("{\"license\": \"x\"}"))).as("no tensors listed").isNull();
    ModelBytes odd = ModelBytes.fromOllamaShow(json.readTree("{\"tensors\": [{\"name\": \"w\", \"type\": \"Q9_Z\", \"shape\": [32]}]}"));
    assertThat(odd.bytes()).isNull();
    assertThat(odd.unknown()).isEqualTo("tensor w is of type Q9_Z, whose size per element is not known: declare llmh.model.bytes");
  }
}
