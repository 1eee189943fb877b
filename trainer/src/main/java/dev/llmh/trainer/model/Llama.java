package dev.llmh.trainer.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.ndarray.types.SparseFormat;
import ai.djl.nn.Activation;
import ai.djl.nn.core.Embedding;
import ai.djl.nn.core.Linear;
import dev.llmh.embedded.model.SplitMix;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A llama decoder's weights and its training loss, on DJL's arrays: every weight is named as the
 * GGUF file names it, and a matrix is stored (outputs × inputs), the file's row order. Rotary
 * attention is computed in the rotate-half form; {@code GgufExport} reorders the query and key rows
 * into the pairs llama.cpp rotates, as llama.cpp's own converter does for such checkpoints.
 */
public final class Llama {
  private static final float NORM_EPSILON = 1e-5f;
  private static final double ROPE_BASE = 10_000;

  private final ModelShape shape;
  private final int vocabulary;
  private final Map<String, NDArray> weights = new LinkedHashMap<>();

  private Llama(ModelShape shape, int vocabulary) {
    this.shape = shape;
    this.vocabulary = vocabulary;
  }

  /**
   * Weights drawn from {@code seed} by the project's own generator, not libtorch's, so that a seed
   * means the same start on any machine: normal with standard deviation 0.02, the projections back
   * into the residual stream scaled down by √(2 × layers), norms at 1.
   */
  public static Llama initial(ModelShape shape, int vocabulary, long seed, NDManager manager) {
    Llama model = new Llama(shape, vocabulary);
    SplitMix rng = new SplitMix(seed);
    int w = shape.width();
    int ff = shape.feedForward();
    float residual = (float) (0.02 / Math.sqrt(2.0 * shape.layers()));
    model.random(manager, rng, "token_embd.weight", 0.02f, vocabulary, w);
    for (int layer = 0; layer < shape.layers(); layer++) {
      String p = "blk." + layer + ".";
      model.ones(manager, p + "attn_norm.weight", w);
      model.random(manager, rng, p + "attn_q.weight", 0.02f, w, w);
      model.random(manager, rng, p + "attn_k.weight", 0.02f, w, w);
      model.random(manager, rng, p + "attn_v.weight", 0.02f, w, w);
      model.random(manager, rng, p + "attn_output.weight", residual, w, w);
      model.ones(manager, p + "ffn_norm.weight", w);
      model.random(manager, rng, p + "ffn_gate.weight", 0.02f, ff, w);
      model.random(manager, rng, p + "ffn_up.weight", 0.02f, ff, w);
      model.random(manager, rng, p + "ffn_down.weight", residual, w, ff);
    }
    model.ones(manager, "output_norm.weight", w);
    model.random(manager, rng, "output.weight", 0.02f, vocabulary, w);
    return model;
  }

  public ModelShape shape() {
    return shape;
  }

  public int vocabulary() {
    return vocabulary;
  }

  /** The weights by GGUF name, in the file's order; each takes gradients. */
  public Map<String, NDArray> weights() {
    return weights;
  }

  /**
   * The mean next-token loss (nats) over the positions {@code mask} marks.
   *
   * @param inputs token ids, (batch, length), int64
   * @param targets the token after each input, (batch, length), int64
   * @param mask 1 where the target is learnt (an answer), 0 elsewhere, (batch, length), float32
   */
  public NDArray loss(NDArray inputs, NDArray targets, NDArray mask) {
    NDArray logits = logits(inputs);
    long n = inputs.size();
    NDArray picked = logits.reshape(n, vocabulary).logSoftmax(-1).gather(targets.reshape(n, 1), 1).reshape(n);
    NDArray m = mask.reshape(n);
    return picked.mul(m).sum().div(m.sum().maximum(1f)).neg();
  }

  /** The logits after every position, (batch, length, vocabulary). */
  public NDArray logits(NDArray inputs) {
    int batch = (int) inputs.getShape().get(0);
    int length = (int) inputs.getShape().get(1);
    NDManager manager = inputs.getManager();
    Rotary rotary = Rotary.of(manager, length, shape.headSize());
    NDArray causal = causalMask(manager, length);
    NDArray x = Embedding.embedding(inputs, w("token_embd.weight"), SparseFormat.DENSE).singletonOrThrow();
    for (int layer = 0; layer < shape.layers(); layer++) {
      String p = "blk." + layer + ".";
      NDArray h = rms(x, w(p + "attn_norm.weight"));
      NDArray q = rotary.apply(heads(linear(h, p + "attn_q.weight"), batch, length));
      NDArray k = rotary.apply(heads(linear(h, p + "attn_k.weight"), batch, length));
      NDArray v = heads(linear(h, p + "attn_v.weight"), batch, length);
      NDArray scores = q.matMul(k.transpose(0, 1, 3, 2)).mul(1f / (float) Math.sqrt(shape.headSize())).add(causal);
      NDArray attended = scores.softmax(-1).matMul(v).transpose(0, 2, 1, 3).reshape(batch, length, shape.width());
      x = x.add(linear(attended, p + "attn_output.weight"));
      h = rms(x, w(p + "ffn_norm.weight"));
      NDArray gated = Activation.swish(linear(h, p + "ffn_gate.weight"), 1f).mul(linear(h, p + "ffn_up.weight"));
      x = x.add(linear(gated, p + "ffn_down.weight"));
    }
    return linear(rms(x, w("output_norm.weight")), "output.weight");
  }

  /** A copy of weight {@code name}'s values, row by row. */
  public float[] values(String name) {
    return w(name).toFloatArray();
  }

  private NDArray w(String name) {
    return weights.get(name);
  }

  private NDArray linear(NDArray x, String weight) {
    return Linear.linear(x, w(weight)).singletonOrThrow();
  }

  /** (batch, length, width) → (batch, heads, length, head size). */
  private NDArray heads(NDArray x, int batch, int length) {
    return x.reshape(batch, length, shape.heads(), shape.headSize()).transpose(0, 2, 1, 3);
  }

  private static NDArray rms(NDArray x, NDArray gain) {
    return x.mul(x.square().mean(new int[] {-1}, true).add(NORM_EPSILON).pow(-0.5f)).mul(gain);
  }

  private static NDArray causalMask(NDManager manager, int length) {
    float[] mask = new float[length * length];
    for (int i = 0; i < length; i++) {
      for (int j = i + 1; j < length; j++) {
        mask[i * length + j] = -1e9f; // not −∞: a score of +∞ would meet it as NaN
      }
    }
    return manager.create(mask, new Shape(length, length));
  }

  private void random(NDManager manager, SplitMix rng, String name, float std, int rows, int columns) {
    float[] values = new float[rows * columns];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) (gaussian(rng) * std);
    }
    add(manager.create(values, new Shape(rows, columns)), name);
  }

  private void ones(NDManager manager, String name, int size) {
    add(manager.ones(new Shape(size)), name);
  }

  private void add(NDArray weight, String name) {
    weight.setName(name);
    weight.setRequiresGradient(true);
    weights.put(name, weight);
  }

  /** Box–Muller: one standard normal draw from two uniforms. */
  private static double gaussian(SplitMix rng) {
    double u = 1 - rng.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble());
  }

  /** The rotation of every position, in the rotate-half form: pair (i, i + size/2) turns by position × base^(−2i/size). */
  private record Rotary(NDArray cos, NDArray sin, int half) {
    static Rotary of(NDManager manager, int length, int size) {
      float[] cos = new float[length * size];
      float[] sin = new float[length * size];
      for (int t = 0; t < length; t++) {
        for (int i = 0; i < size / 2; i++) {
          double angle = t * Math.pow(ROPE_BASE, -2.0 * i / size);
          cos[t * size + i] = cos[t * size + i + size / 2] = (float) Math.cos(angle);
          sin[t * size + i] = sin[t * size + i + size / 2] = (float) Math.sin(angle);
        }
      }
      return new Rotary(manager.create(cos, new Shape(length, size)), manager.create(sin, new Shape(length, size)), size / 2);
    }

    NDArray apply(NDArray x) {
      NDArray first = x.get("..., 0:" + half);
      NDArray second = x.get("..., " + half + ":");
      return x.mul(cos).add(second.neg().concat(first, -1).mul(sin));
    }
  }
}
