package de.kherud.llama;

/**
 * java-llama.cpp 4.1.0 passes {@code setPoolingType} to llama.cpp as a number, which llama.cpp's
 * {@code --pooling} refuses (it takes {@code none|mean|cls|last|rank}); this sets the name the
 * library's own field holds, which is only reachable from its package.
 */
public final class PooledLast {
  private PooledLast() {}

  /** {@code parameters} with {@code --pooling last}: the embedding is the last token's hidden state. */
  public static ModelParameters of(ModelParameters parameters) {
    parameters.parameters.put("--pooling", "last");
    return parameters;
  }
}
