package dev.llmh.embedded.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ModelFilesTest {

  static final Path DIR = Path.of("target", "test-models", "model-files-test").toAbsolutePath();

  @Test
  void sameSpecAndSeedGiveByteIdenticalFilesAndAnotherSeedDiffers() throws IOException {
    Path a = ModelFiles.ensure(ModelSpec.TINY, DIR.resolve("a"));
    Path b = ModelFiles.ensure(ModelSpec.TINY, DIR.resolve("b"));
    Path c = ModelFiles.ensure(ModelSpec.TINY.withSeed(43), DIR.resolve("c"));
    assertThat(a.getFileName()).isEqualTo(b.getFileName());
    assertThat(Files.mismatch(a, b)).isEqualTo(-1L);
    assertThat(ModelFiles.sha256(a)).isEqualTo(ModelFiles.sha256(b));
    assertThat(c.getFileName().toString()).contains("seed43");
    assertThat(Files.size(c)).isEqualTo(Files.size(a));
    assertThat(Files.mismatch(a, c)).isNotEqualTo(-1L);
  }

  @Test
  void ensureReusesTheFileAndLeavesNoTemporaryFiles() throws IOException {
    Path dir = DIR.resolve("reuse");
    Path first = ModelFiles.ensure(ModelSpec.TINY, dir);
    long modified = Files.getLastModifiedTime(first).toMillis();
    Path second = ModelFiles.ensure(ModelSpec.TINY, dir);
    assertThat(second).isEqualTo(first);
    assertThat(Files.getLastModifiedTime(second).toMillis()).isEqualTo(modified);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(first);
    }
    assertThat(first.getFileName().toString())
        .isEqualTo("llmh-tiny-l2-e64-h4-kv2-ff128-v8192-c2048-g1-f32-seed42.gguf");
  }

  @Test
  void theSizeIsToldBeforeGeneratingAndIsTheFilesAndNothingIsToldOnReuse() throws IOException {
    Path dir = DIR.resolve("told");
    Files.deleteIfExists(dir.resolve(ModelFiles.fileName(ModelSpec.TINY))); // left by an earlier build
    List<Long> told = new java.util.ArrayList<>();
    Path file = ModelFiles.ensure(ModelSpec.TINY, dir, told::add);
    assertThat(told).containsExactly(Files.size(file));
    ModelFiles.ensure(ModelSpec.TINY, dir, told::add);
    assertThat(told).hasSize(1);
  }

  @Test
  void headerIsGgufVersion3WithAlignedData() throws IOException {
    Path file = ModelFiles.ensure(ModelSpec.TINY, DIR.resolve("header"));
    ByteBuffer head = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(head.getInt()).isEqualTo(0x46554747);
    assertThat(head.getInt()).isEqualTo(3);
    assertThat(head.getLong()).isEqualTo(3 + 9L * ModelSpec.TINY.blocks().layers()); // tensors
    assertThat(Files.size(file) % GgufWriter.ALIGNMENT).isZero();
  }

  @Test
  void eachTensorTypeHasItsSize() throws IOException {
    ModelSpec spec = new ModelSpec("types", 1024, new ModelSpec.Blocks(1, 64, 2, 1, 64), 256, TensorType.F32, 1);
    long f32 = size(spec);
    long f16 = size(spec.withTensorType(TensorType.F16));
    long q8 = size(spec.withTensorType(TensorType.Q8_0));
    long q4 = size(spec.withTensorType(TensorType.Q4_0));
    assertThat(f16).isLessThan(f32);
    assertThat(q8).isLessThan(f16);
    assertThat(q4).isLessThan(q8);
  }

  /**
   * −16 … 15: the largest magnitude is −16, so the scale is −16 / −8 = 2 (F16 0x4000) and quant
   * {@code i} is ⌊(i − 16) / 2 + 8.5⌋ = ⌊(i + 1) / 2⌋, 16 for the last value, kept at 15; byte
   * {@code j} pairs quant {@code j} (low half) with quant {@code j + 16} (high half), as ggml reads them.
   */
  @Test
  void q4BlocksAreGgmlsBytes() throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    new GgufWriter().tensor("t", TensorType.Q4_0, new long[] {32}, (r, row) -> {
      for (int i = 0; i < 32; i++) {
        row[i] = i - 16;
      }
    }).write(out);
    byte[] file = out.toByteArray();
    ByteBuffer block = ByteBuffer.wrap(file, file.length - GgufWriter.ALIGNMENT, 18).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(block.getShort()).isEqualTo((short) 0x4000);
    for (int j = 0; j < 16; j++) {
      int low = (j + 1) / 2;
      int high = Math.min(15, (j + 17) / 2);
      assertThat(block.get() & 0xff).as("byte %d", j).isEqualTo(low | high << 4);
    }
  }

  private static long size(ModelSpec spec) throws IOException {
    return Files.size(ModelFiles.ensure(spec, DIR.resolve("types")));
  }

  @Test
  void halfPrecisionRoundsToNearestEven() {
    assertThat(Half.toHalf(1f)).isEqualTo((short) 0x3c00);
    assertThat(Half.toHalf(-2f)).isEqualTo((short) 0xc000);
    assertThat(Half.toHalf(65504f)).isEqualTo((short) 0x7bff);
    assertThat(Half.toHalf(1e6f)).isEqualTo((short) 0x7c00);
    assertThat(Half.toHalf(0x1p-24f)).isEqualTo((short) 0x0001);
    assertThat(Half.toHalf(1f + 0x1p-11f)).isEqualTo((short) 0x3c00); // tie to even
    assertThat(Half.toHalf(1f + 0x1p-11f + 0x1p-20f)).isEqualTo((short) 0x3c01);
  }

  /**
   * The generator writes a quantised model from its float weights; requantising the float file
   * must give the same bytes, metadata and all — and a Q4_0 file cannot be requantised.
   */
  @Test
  void requantisingTheFloatFileGivesTheGeneratorsQuantisedFile() throws IOException {
    Path dir = DIR.resolve("requantise");
    Path f32 = ModelFiles.ensure(ModelSpec.TINY, dir);
    for (TensorType type : List.of(TensorType.Q8_0, TensorType.Q4_0, TensorType.F16)) {
      Path generated = ModelFiles.ensure(ModelSpec.TINY.withTensorType(type), dir);
      Path requantised = dir.resolve("requantised-" + type + ".gguf");
      Requantise.of(f32, type).write(requantised);
      assertThat(Files.mismatch(generated, requantised)).as(type.name()).isEqualTo(-1L);
    }
    Path q4 = ModelFiles.ensure(ModelSpec.TINY.withTensorType(TensorType.Q4_0), dir);
    assertThatThrownBy(() -> Requantise.of(q4, TensorType.Q8_0)).hasMessageContaining("only F32 and F16");
  }

  @Test
  void specsByName() {
    assertThat(ModelSpec.byName("tiny")).isEqualTo(ModelSpec.TINY);
    assertThat(ModelSpec.byName(" SMALL ")).isEqualTo(ModelSpec.SMALL);
    assertThatThrownBy(() -> ModelSpec.byName("huge"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'huge'")
        .hasMessageContaining("tiny, small");
  }

  @Test
  void vocabularyHasControlByteAndWordTokens() {
    Vocabulary vocab = Vocabulary.build(ModelSpec.TINY.vocabularyTarget());
    List<String> tokens = vocab.tokens();
    assertThat(tokens).hasSize(ModelSpec.TINY.vocabularyTarget()).doesNotHaveDuplicates();
    assertThat(tokens.subList(0, 5)).containsExactly("<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>");
    assertThat(tokens.get(Vocabulary.FIRST_BYTE + 0x41)).isEqualTo("<0x41>");
    assertThat(vocab.types()[Vocabulary.IM_END]).isEqualTo(Vocabulary.TYPE_CONTROL);
    assertThat(vocab.types()[Vocabulary.FIRST_BYTE]).isEqualTo(Vocabulary.TYPE_BYTE);
    assertThat(vocab.isWord(tokens.indexOf("\u2581latency"))).isTrue();
    assertThat(vocab.isWord(tokens.indexOf("\u2581laten"))).isFalse();
    assertThat(vocab.wordCount()).isEqualTo(Vocabulary.words().size());
  }
}
