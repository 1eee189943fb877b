package dev.llmh.client;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The bytes of weights one decode step reads, counted per tensor (from a GGUF header or Ollama's
 * {@code /api/show}). The rule: every tensor once, except the token-embedding matrix
 * ({@code token_embd.weight}), of which a step reads only the row of the token it feeds in: one row
 * counts, not the matrix. A model without an {@code output.weight} ties its output projection to the
 * embedding matrix and reads all of it every step, so there the whole matrix counts. Tensor sizes
 * follow ggml's block layout ({@link #TYPES}: elements per block and bytes per block, as ggml's
 * type traits give them); a tensor of a type not in the table leaves the count unknown rather than
 * guessed. Pure.
 */
public final class DecodeBytes {
  static final String EMBEDDING = "token_embd.weight";
  static final String OUTPUT = "output.weight";

  /** A tensor as a header lists it: its ggml type's name ({@code F16}, {@code Q4_K}) and its dimensions, innermost first. */
  public record Tensor(String name, String type, long[] shape) {}

  /** ggml types: {elements per block, bytes per block}, by name; the ids are GGUF's. */
  static final Map<String, int[]> TYPES = Map.ofEntries(
      Map.entry("F32", new int[] {1, 4}), Map.entry("F16", new int[] {1, 2}), Map.entry("BF16", new int[] {1, 2}),
      Map.entry("F64", new int[] {1, 8}), Map.entry("I8", new int[] {1, 1}), Map.entry("I16", new int[] {1, 2}),
      Map.entry("I32", new int[] {1, 4}), Map.entry("I64", new int[] {1, 8}),
      Map.entry("Q4_0", new int[] {32, 18}), Map.entry("Q4_1", new int[] {32, 20}), Map.entry("Q5_0", new int[] {32, 22}),
      Map.entry("Q5_1", new int[] {32, 24}), Map.entry("Q8_0", new int[] {32, 34}), Map.entry("Q8_1", new int[] {32, 36}),
      Map.entry("IQ4_NL", new int[] {32, 18}), Map.entry("MXFP4", new int[] {32, 17}),
      Map.entry("Q2_K", new int[] {256, 84}), Map.entry("Q3_K", new int[] {256, 110}), Map.entry("Q4_K", new int[] {256, 144}),
      Map.entry("Q5_K", new int[] {256, 176}), Map.entry("Q6_K", new int[] {256, 210}), Map.entry("Q8_K", new int[] {256, 292}),
      Map.entry("IQ2_XXS", new int[] {256, 66}), Map.entry("IQ2_XS", new int[] {256, 74}), Map.entry("IQ2_S", new int[] {256, 82}),
      Map.entry("IQ3_XXS", new int[] {256, 98}), Map.entry("IQ3_S", new int[] {256, 110}), Map.entry("IQ1_S", new int[] {256, 50}),
      Map.entry("IQ1_M", new int[] {256, 56}), Map.entry("IQ4_XS", new int[] {256, 136}), Map.entry("TQ1_0", new int[] {256, 54}),
      Map.entry("TQ2_0", new int[] {256, 66}));

  /** GGUF's type ids, for a header that stores ids rather than names. */
  static final Map<Integer, String> IDS = Map.ofEntries(
      Map.entry(0, "F32"), Map.entry(1, "F16"), Map.entry(2, "Q4_0"), Map.entry(3, "Q4_1"), Map.entry(6, "Q5_0"),
      Map.entry(7, "Q5_1"), Map.entry(8, "Q8_0"), Map.entry(9, "Q8_1"), Map.entry(10, "Q2_K"), Map.entry(11, "Q3_K"),
      Map.entry(12, "Q4_K"), Map.entry(13, "Q5_K"), Map.entry(14, "Q6_K"), Map.entry(15, "Q8_K"), Map.entry(16, "IQ2_XXS"),
      Map.entry(17, "IQ2_XS"), Map.entry(18, "IQ3_XXS"), Map.entry(19, "IQ1_S"), Map.entry(20, "IQ4_NL"), Map.entry(21, "IQ3_S"),
      Map.entry(22, "IQ2_S"), Map.entry(23, "IQ4_XS"), Map.entry(24, "I8"), Map.entry(25, "I16"), Map.entry(26, "I32"),
      Map.entry(27, "I64"), Map.entry(28, "F64"), Map.entry(29, "IQ1_M"), Map.entry(30, "BF16"), Map.entry(34, "TQ1_0"),
      Map.entry(35, "TQ2_0"), Map.entry(39, "MXFP4"));

  private DecodeBytes() {}

  /** The name of GGUF type {@code id}, or {@code type <id>} for one not in the table. */
  public static String typeName(int id) {
    return IDS.getOrDefault(id, "type " + id);
  }

  /** The bytes of {@code tensor}, or -1 when its type is not in the table. */
  static long bytes(Tensor tensor) {
    int[] layout = TYPES.get(tensor.type().toUpperCase(Locale.ROOT));
    if (layout == null) {
      return -1;
    }
    long elements = 1;
    for (long d : tensor.shape()) {
      elements = Math.multiplyExact(elements, d);
    }
    return elements / layout[0] * layout[1];
  }

  /** The bytes a decode step reads of {@code tensors}, with {@code source}, the rule applied, or why unknown. */
  public static ModelBytes of(List<Tensor> tensors, String source) {
    if (tensors.isEmpty()) {
      return ModelBytes.unknown("the model lists no tensors");
    }
    long total = 0;
    Tensor embedding = null;
    boolean tied = true;
    for (Tensor t : tensors) {
      long b = bytes(t);
      if (b < 0) {
        return ModelBytes.unknown("tensor " + t.name() + " is of type " + t.type() + ", whose size per element is not known: declare llmh.model.bytes");
      }
      total += b;
      embedding = EMBEDDING.equals(t.name()) ? t : embedding;
      tied &= !OUTPUT.equals(t.name());
    }
    if (embedding == null || tied) {
      String why = embedding == null ? "no " + EMBEDDING : EMBEDDING + " counted whole: it is also the output projection (no " + OUTPUT + ")";
      return ModelBytes.of(total, source, "every tensor once, " + total + " bytes; " + why);
    }
    long matrix = bytes(embedding);
    long rows = embedding.shape().length < 2 ? 1 : embedding.shape()[1];
    long read = total - matrix + matrix / rows;
    return ModelBytes.of(read, source, "every tensor once, " + total + " bytes, less " + EMBEDDING + "'s " + matrix
        + " bytes but one row of it (" + matrix / rows + " bytes): a step looks up one token's embedding");
  }
}
