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
  /** About 1.5 million parameters with a vocabulary of 1,024. */
  public static final ModelShape SMALL = new ModelShape("answers-s", 6, 128, 4, 352, 256, 1024);
  /** About 5.3 million parameters with a vocabulary of 1,024. */
  public static final ModelShape LARGE = new ModelShape("answers-l", 6, 256, 8, 704, 256, 1024);

  public ModelShape {
    if (width % heads != 0 || (width / heads) % 2 != 0) {
      throw new IllegalArgumentException("width " + width + " must split into " + heads + " heads of an even size");
    }
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
