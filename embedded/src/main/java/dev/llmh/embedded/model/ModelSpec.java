package dev.llmh.embedded.model;

import java.util.Locale;

/**
 * The shape of a llama-architecture model the embedded server serves: generated with random weights
 * ({@code tiny}, {@code small}) or trained by the project ({@code answers-s}).
 *
 * @param name short name used in file names and results ({@code tiny}, {@code small}, ...)
 * @param vocabularyTarget the most tokens the vocabulary may have; it is filled with control, byte,
 *     character and word pieces up to this size (see {@link Vocabulary})
 * @param blocks the transformer blocks: how many, and how wide
 * @param context context length the model declares (the engine may use less)
 * @param tensorType storage of the weight matrices
 * @param seed seed of the random weights: the same spec gives a byte-identical file
 */
public record ModelSpec(
    String name,
    int vocabularyTarget,
    Blocks blocks,
    int context,
    TensorType tensorType,
    long seed) {

  /** For the project's own tests: a request takes a few milliseconds. */
  public static final ModelSpec TINY =
      new ModelSpec("tiny", 8192, new Blocks(2, 64, 4, 2, 128), 2048, TensorType.F32, 42);

  /**
   * The samples' default: large enough that prefill and decode cost real time on two cores, so TTFT
   * grows with the prompt and decode slows as the context fills. What it costs is measured, not
   * declared: docs/guide/reports.md quotes the samples' {@code PromptLengthSweep} on a 2-core build machine
   * (a 2,048-token prompt: TTFT p50 about 4.4 s, decode about 72 tokens/s after it; an earlier,
   * faster machine took 2.2 s and decoded 265 tokens/s), with its command; {@code MeasureSpeed} in the tests measures a machine of one's own.
   */
  public static final ModelSpec SMALL =
      new ModelSpec("small", 16384, new Blocks(6, 512, 8, 4, 1408), 8192, TensorType.F16, 42);

  /**
   * The project's smaller trained model (docs/guide/trained-models.md), about 1.6 million parameters,
   * trained on every task but grading, whose judge prompts need a longer context.
   * Its F16 file ships in this module; other types are requantised from it ({@link Requantise}).
   * The trainer's {@code ModelShape.SMALL} gives this spec (a trainer test checks).
   */
  public static final ModelSpec ANSWERS_S =
      new ModelSpec("answers-s", 1536, new Blocks(6, 128, 4, 4, 352), 256, TensorType.F16, 42);

  /**
   * The shape of the project's larger model, about 3.2 million parameters: twice the smaller's, so
   * that it in Q4_0 takes about the bytes the smaller takes in Q8_0 (the seeds' fixed memory budget).
   * The trainer trains it ({@code size=large}); no file of it ships yet, so the server does not serve it.
   */
  public static final ModelSpec ANSWERS_L =
      new ModelSpec("answers-l", 1536, new Blocks(6, 192, 6, 6, 512), 256, TensorType.F16, 42);

  /** Every model by name, generated then trained, as {@link #byName} takes them. */
  public static final java.util.List<String> NAMES = java.util.List.of("tiny", "small", "answers-s");

  public ModelSpec {
    if (name == null || !name.matches("[a-z0-9][a-z0-9_-]*")) {
      throw new IllegalArgumentException("model name must be lower-case letters, digits, '-' or '_': " + name);
    }
    if (blocks == null || context < 16) {
      throw new IllegalArgumentException("model shape out of range: " + name);
    }
    if (vocabularyTarget < Vocabulary.MIN_SIZE) {
      throw new IllegalArgumentException("vocabulary target must be at least " + Vocabulary.MIN_SIZE);
    }
    if (tensorType == null) {
      throw new IllegalArgumentException("tensor type missing");
    }
  }

  /**
   * A variant of a model: {@code <name>[-f32|-f16|-q8_0|-q4_0][-seed<n>]}, such as {@code
   * small-q8_0} or {@code answers-s-q4_0} (the same weights quantised: a distribution comparison's
   * candidate against {@code small}) or {@code tiny-seed7} (other random weights; generated models only).
   */
  public static final java.util.regex.Pattern VARIANT = java.util.regex.Pattern.compile(
      "(tiny|small|answers-s)(?:-(f32|f16|q8_0|q4_0))?(?:-seed(\\d{1,18}))?");

  /** A model by name (case-insensitive), or a {@link #VARIANT} of one. */
  public static ModelSpec byName(String name) {
    String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    java.util.regex.Matcher variant = VARIANT.matcher(key);
    if (!variant.matches()) {
      throw new IllegalArgumentException("unknown model '" + name + "': choose one of " + String.join(", ", NAMES)
          + " (or a variant such as small-q8_0, answers-s-q4_0, tiny-seed7)");
    }
    ModelSpec spec = switch (variant.group(1)) {
      case "tiny" -> TINY;
      case "small" -> SMALL;
      default -> ANSWERS_S;
    };
    if (spec.trained() && variant.group(3) != null) {
      throw new IllegalArgumentException("'" + name + "': a trained model has the weights it was trained to;"
          + " only generated models (tiny, small) take -seed<n>");
    }
    if (variant.group(2) != null) {
      spec = spec.withTensorType(TensorType.valueOf(variant.group(2).toUpperCase(Locale.ROOT)));
    }
    return variant.group(3) == null ? spec : spec.withSeed(Long.parseLong(variant.group(3)));
  }

  /** Whether the project trained this model's weights, rather than generating them at random. */
  public boolean trained() {
    return name.startsWith("answers-");
  }

  /** A copy with another tensor type (its name stays; the file name records the type). */
  public ModelSpec withTensorType(TensorType type) {
    return new ModelSpec(name, vocabularyTarget, blocks, context, type, seed);
  }

  /** A copy with another seed. */
  public ModelSpec withSeed(long newSeed) {
    return new ModelSpec(name, vocabularyTarget, blocks, context, tensorType, newSeed);
  }

  /** The shape as a file-name fragment, e.g. {@code l6-e512-h8-kv4-ff1408-v16384-c8192} for {@link #SMALL}. */
  public String shapeTag() {
    return "l" + blocks.layers() + "-e" + blocks.embedding() + "-h" + blocks.heads() + "-kv" + blocks.kvHeads()
        + "-ff" + blocks.feedForward() + "-v" + vocabularyTarget + "-c" + context;
  }

  /**
   * The transformer blocks, all of one shape.
   *
   * @param layers transformer blocks
   * @param embedding embedding width
   * @param heads attention heads
   * @param kvHeads key/value heads (grouped-query attention when fewer than {@code heads})
   * @param feedForward feed-forward width
   */
  public record Blocks(int layers, int embedding, int heads, int kvHeads, int feedForward) {

    public Blocks {
      if (layers < 1 || embedding < 32 || heads < 1 || kvHeads < 1 || feedForward < 32) {
        throw new IllegalArgumentException("model shape out of range: " + layers + " layers of " + embedding + ", "
            + heads + " heads (" + kvHeads + " kv), ffn " + feedForward);
      }
      if (embedding % heads != 0 || heads % kvHeads != 0) {
        throw new IllegalArgumentException(
            "embedding (" + embedding + ") must divide by heads (" + heads + ") and heads by kv heads (" + kvHeads + ")");
      }
      if (embedding % 32 != 0 || feedForward % 32 != 0) {
        throw new IllegalArgumentException("embedding and feed-forward widths must be multiples of 32");
      }
    }

    /** Key/value width: {@code kvHeads × embedding / heads}. */
    public int kvWidth() {
      return kvHeads * (embedding / heads);
    }
  }
}
