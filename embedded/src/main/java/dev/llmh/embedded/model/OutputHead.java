package dev.llmh.embedded.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A llama model's output projection, read from its GGUF file, turning the final hidden state into
 * the next token's logits as ggml computes them on a CPU: F32 weights against F32 activations, F16
 * weights against activations rounded to F16, Q8_0 and Q4_0 weights against activations quantised
 * to Q8_0 blocks (ggml's {@code vec_dot_type} for both), so that a quantised model's head keeps its
 * quantisation error in both operands.
 *
 * <p>java-llama.cpp 4.1.0 cannot return log-probabilities (asking for {@code n_probs} aborts the
 * process in its JNI, which reads a field b4916 no longer writes), but it returns llama.cpp's final
 * hidden state as a pooled-last embedding, L2-normalised. The hidden state is RMS-normalised with
 * the {@code output_norm} weights, so where those are all one value {@code c} (the generated models:
 * 1) its length is {@code c·√n} (within ε = 1e-5 of the norm, which a hidden state of length ≥ √n
 * makes a relative 5·10⁻⁶): the unit vector times that length is the state itself.
 */
public final class OutputHead {
  private final TensorType type;
  private final int width;
  private final int vocabulary;
  private final float norm;
  /** F32 and F16: the weights as floats (F16 widens exactly). Q8_0 and Q4_0: null. */
  private final float[] weights;
  /** Q8_0 and Q4_0: each block's scale, widened from F16, and its 32 quants as signed integers. */
  private final float[] scales;
  private final byte[] quants;

  private OutputHead(TensorType type, int width, int vocabulary, float norm, float[] weights, float[] scales, byte[] quants) {
    this.type = type;
    this.width = width;
    this.vocabulary = vocabulary;
    this.norm = norm;
    this.weights = weights;
    this.scales = scales;
    this.quants = quants;
  }

  public int vocabulary() {
    return vocabulary;
  }

  /**
   * Reads {@code output.weight} and {@code output_norm.weight} of {@code file}.
   *
   * @throws IOException when the file cannot be read, or its head is not one this class can
   *     reconstruct (output norm weights that differ, a tied or unknown output type)
   */
  public static OutputHead read(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer in = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size()).order(ByteOrder.LITTLE_ENDIAN);
      GgufDirectory gguf = GgufDirectory.read(in);
      GgufDirectory.Info output = gguf.tensor("output.weight");
      GgufDirectory.Info outputNorm = gguf.tensor("output_norm.weight");
      if (outputNorm.type() != 0) {
        throw new IOException(file + ": output_norm.weight is not F32");
      }
      int width = (int) output.dims()[0];
      int vocabulary = (int) output.dims()[1];
      ByteBuffer normData = gguf.data(outputNorm);
      float norm = normData.getFloat(0);
      for (int i = 1; i < width; i++) {
        if (normData.getFloat(4 * i) != norm) {
          throw new IOException(file + ": output_norm.weight is not one value, so the hidden state's length is unknown");
        }
      }
      ByteBuffer data = gguf.data(output);
      long values = (long) width * vocabulary;
      switch (output.type()) {
        case 0 -> {
          float[] w = new float[(int) values];
          data.asFloatBuffer().get(w);
          return new OutputHead(TensorType.F32, width, vocabulary, norm, w, null, null);
        }
        case 1 -> {
          float[] w = new float[(int) values];
          for (int i = 0; i < w.length; i++) {
            w[i] = Half.fromHalf(data.getShort(2 * i));
          }
          return new OutputHead(TensorType.F16, width, vocabulary, norm, w, null, null);
        }
        case 8 -> {
          return quantised(TensorType.Q8_0, data, width, vocabulary, norm);
        }
        case 2 -> {
          return quantised(TensorType.Q4_0, data, width, vocabulary, norm);
        }
        default -> throw new IOException(file + ": output.weight has ggml type " + output.type() + ", which is not read");
      }
    }
  }

  /** A Q8_0 or Q4_0 head: each block's scale, and its 32 quants as signed integers (Q4_0's 4 bits less 8). */
  private static OutputHead quantised(TensorType type, ByteBuffer data, int width, int vocabulary, float norm) {
    int blocks = width * vocabulary / 32;
    float[] scales = new float[blocks];
    byte[] quants = new byte[blocks * 32];
    for (int b = 0; b < blocks; b++) {
      int at = type.blockBytes * b;
      scales[b] = Half.fromHalf(data.getShort(at));
      if (type == TensorType.Q8_0) {
        data.get(at + 2, quants, 32 * b, 32);
      } else {
        for (int j = 0; j < 16; j++) { // byte j: quant j in its low half, quant j + 16 in its high
          int packed = data.get(at + 2 + j) & 0xff;
          quants[32 * b + j] = (byte) ((packed & 0x0f) - 8);
          quants[32 * b + 16 + j] = (byte) ((packed >>> 4) - 8);
        }
      }
    }
    return new OutputHead(type, width, vocabulary, norm, null, scales, quants);
  }

  /**
   * The logits of every token, given the final hidden state as a unit vector ({@code unit},
   * llama.cpp's L2-normalised pooled-last embedding).
   */
  public double[] logits(float[] unit) {
    if (unit.length != width) {
      throw new IllegalArgumentException("hidden state of " + unit.length + " values, the head takes " + width);
    }
    float length = (float) (Math.abs(norm) * Math.sqrt(width));
    float[] x = new float[width];
    for (int i = 0; i < width; i++) {
      x[i] = unit[i] * length;
    }
    double[] logits = new double[vocabulary];
    switch (type) {
      case F32 -> {
        for (int t = 0; t < vocabulary; t++) {
          logits[t] = dot(weights, t * width, x);
        }
      }
      case F16 -> {
        for (int i = 0; i < width; i++) {
          x[i] = Half.fromHalf(Half.toHalf(x[i]));
        }
        for (int t = 0; t < vocabulary; t++) {
          logits[t] = dot(weights, t * width, x);
        }
      }
      case Q8_0, Q4_0 -> {
        int blocks = width / 32;
        float[] xScale = new float[blocks];
        int[] xq = new int[width];
        for (int b = 0; b < blocks; b++) {
          float max = 0;
          for (int i = 32 * b; i < 32 * b + 32; i++) {
            max = Math.max(max, Math.abs(x[i]));
          }
          float d = max / 127f;
          float inverse = d == 0 ? 0 : 1f / d;
          for (int i = 32 * b; i < 32 * b + 32; i++) {
            xq[i] = Math.round(x[i] * inverse);
          }
          xScale[b] = Half.fromHalf(Half.toHalf(d));
        }
        for (int t = 0; t < vocabulary; t++) {
          double sum = 0;
          for (int b = 0; b < blocks; b++) {
            int offset = t * width + 32 * b;
            int blockSum = 0;
            for (int i = 0; i < 32; i++) {
              blockSum += quants[offset + i] * xq[32 * b + i];
            }
            sum += blockSum * (double) scales[t * blocks + b] * xScale[b];
          }
          logits[t] = sum;
        }
      }
    }
    return logits;
  }

  private double dot(float[] w, int offset, float[] x) {
    double sum = 0;
    for (int i = 0; i < x.length; i++) {
      sum += w[offset + i] * x[i];
    }
    return sum;
  }
}
