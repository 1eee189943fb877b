package dev.llmh.trainer.model;

import dev.llmh.embedded.model.ModelSpec;
import dev.llmh.embedded.model.TensorType;

/**
 * The shape of a model the project trains: a llama decoder (RMSNorm, rotary attention with as many
 * key/value heads as query heads, SwiGLU), as the embedded engine loads the generated ones.
 *
 * @param name the model's name, as the embedded server serves it
 * @param context the longest text it is trained on and declares
 * @param vocabularyTarget the most tokens its vocabulary may have (its own words; see {@code Words})
 */
public record ModelShape(String name, int layers, int width, int heads, int feedForward, int context, int vocabularyTarget) {
  /** {@code answers-s}, about 1.6 million parameters: the shape the embedded server serves it with. */
  public static final ModelShape SMALL = of(ModelSpec.ANSWERS_S);
  /** {@code answers-l}, about 3.2 million parameters. */
  public static final ModelShape LARGE = of(ModelSpec.ANSWERS_L);

  public ModelShape {
    if (width % heads != 0 || (width / heads) % 2 != 0) {
      throw new IllegalArgumentException("width " + width + " must split into " + heads + " heads of an even size");
    }
  }

  /** The shape of a model the embedded server serves, which has as many key/value heads as query heads. */
  public static ModelShape of(ModelSpec spec) {
    ModelSpec.Blocks b = spec.blocks();
    if (b.kvHeads() != b.heads()) {
      throw new IllegalArgumentException(spec.name() + ": the trainer's attention has a key/value head per query head");
    }
    return new ModelShape(spec.name(), b.layers(), b.embedding(), b.heads(), b.feedForward(), spec.context(),
        spec.vocabularyTarget());
  }

  public int headSize() {
    return width / heads;
  }

  /** The model file's description for the embedded engine, in {@code type}. */
  public ModelSpec spec(TensorType type, long seed) {
    return new ModelSpec(name, vocabularyTarget, new ModelSpec.Blocks(layers, width, heads, heads, feedForward), context, type, seed);
  }

  /** Parameters with a vocabulary of {@code vocabulary} tokens (embedding and output apart). */
  public long parameters(int vocabulary) {
    long block = 4L * width * width + 3L * width * feedForward + 2L * width;
    return layers * block + 2L * vocabulary * width + width;
  }
}
