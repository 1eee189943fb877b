package dev.llmh.embedded.model;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes a GGUF version 3 file in plain Java: header, metadata key/value pairs, tensor infos, and
 * the tensor data, each tensor aligned to {@value #ALIGNMENT} bytes. Tensor dimensions are given in
 * ggml order: {@code dims[0]} is the contiguous (row) length, so a weight that maps {@code n_in}
 * inputs to {@code n_out} outputs has dims {@code [n_in, n_out]} and is written as {@code n_out}
 * rows of {@code n_in} values.
 *
 * <p>Tensor data is produced row by row when the file is written, so a model never has to fit in
 * memory as a whole.
 */
public final class GgufWriter {

  public static final int ALIGNMENT = 32;
  private static final int MAGIC = 0x46554747; // "GGUF" little-endian
  private static final int VERSION = 3;

  /** GGUF's metadata value types, in the order of their codes (UINT8 is 0, ARRAY 9). */
  private enum ValueType { UINT8, INT8, UINT16, INT16, UINT32, INT32, FLOAT32, BOOL, STRING, ARRAY }

  /** Produces one row ({@code row.length == dims[0]} values) of a tensor. */
  @FunctionalInterface
  public interface Rows {
    void fill(long rowIndex, float[] row);
  }

  private record Tensor(String name, TensorType type, long[] dims, Rows rows) {
    long rowCount() {
      return Arrays.stream(dims, 1, dims.length).reduce(1, Math::multiplyExact);
    }

    long bytes() {
      return type.bytes(dims[0]) * rowCount();
    }
  }

  private final ByteArrayOutputStream metadata = new ByteArrayOutputStream();
  private final Set<String> keys = new LinkedHashSet<>();
  private final List<Tensor> tensors = new ArrayList<>();
  private final Set<String> tensorNames = new LinkedHashSet<>();

  public GgufWriter putString(String key, String value) {
    string(entry(key, ValueType.STRING), value);
    return this;
  }

  public GgufWriter putUint32(String key, int value) {
    u32(entry(key, ValueType.UINT32), value);
    return this;
  }

  public GgufWriter putInt32(String key, int value) {
    u32(entry(key, ValueType.INT32), value);
    return this;
  }

  public GgufWriter putFloat32(String key, float value) {
    u32(entry(key, ValueType.FLOAT32), Float.floatToIntBits(value));
    return this;
  }

  public GgufWriter putBool(String key, boolean value) {
    entry(key, ValueType.BOOL).write(value ? 1 : 0);
    return this;
  }

  /** A value as another GGUF file stored it: {@code type} its type code, {@code value} its bytes. */
  GgufWriter putEncoded(String key, int type, byte[] value) {
    if (type < 0 || type >= ValueType.values().length) {
      throw new IllegalArgumentException("GGUF value type " + type + " of " + key + " is not one this writer writes");
    }
    entry(key, ValueType.values()[type]).writeBytes(value);
    return this;
  }

  public GgufWriter putStrings(String key, List<String> values) {
    ByteArrayOutputStream out = array(key, ValueType.STRING, values.size());
    values.forEach(v -> string(out, v));
    return this;
  }

  public GgufWriter putFloats(String key, float[] values) {
    ByteArrayOutputStream out = array(key, ValueType.FLOAT32, values.length);
    for (float v : values) {
      u32(out, Float.floatToIntBits(v));
    }
    return this;
  }

  public GgufWriter putInt32s(String key, int[] values) {
    ByteArrayOutputStream out = array(key, ValueType.INT32, values.length);
    for (int v : values) {
      u32(out, v);
    }
    return this;
  }

  /**
   * Adds a tensor.
   *
   * @param dims dimensions in ggml order ({@code dims[0]} contiguous), 1 to 4 of them
   */
  public GgufWriter tensor(String name, TensorType type, long[] dims, Rows rows) {
    if (!tensorNames.add(name)) {
      throw new IllegalArgumentException("tensor " + name + " added twice");
    }
    if (dims.length < 1 || dims.length > 4 || Arrays.stream(dims).anyMatch(d -> d < 1)) {
      throw new IllegalArgumentException("tensor " + name + ": bad dims " + Arrays.toString(dims));
    }
    type.bytes(dims[0]); // validates the row length against the block size
    tensors.add(new Tensor(name, type, dims.clone(), rows));
    return this;
  }

  /** Writes the file (replacing {@code file} if it exists). */
  public void write(Path file) throws IOException {
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
      write(out);
    }
  }

  /** Writes the whole GGUF stream to {@code out}. */
  public void write(OutputStream out) throws IOException {
    header().writeTo(out);
    long written = 0;
    for (Tensor t : tensors) {
      int rowLength = (int) t.dims[0];
      float[] row = new float[rowLength];
      byte[] encoded = new byte[(int) t.type.bytes(rowLength)];
      ByteBuffer buffer = ByteBuffer.wrap(encoded).order(ByteOrder.LITTLE_ENDIAN);
      for (long r = 0, n = t.rowCount(); r < n; r++) {
        Arrays.fill(row, 0f);
        t.rows.fill(r, row);
        buffer.clear();
        encode(t.type, row, buffer);
        out.write(encoded);
      }
      written += t.bytes();
      long padded = align(written);
      for (; written < padded; written++) {
        out.write(0);
      }
    }
  }

  /** The bytes {@link #write} will write, known before writing: what a user waits for is said first. */
  public long size() {
    long data = 0;
    for (Tensor t : tensors) {
      data = align(data + t.bytes());
    }
    return header().size() + data;
  }

  /** Magic, version, metadata and the tensor table, padded to the alignment. */
  private ByteArrayOutputStream header() {
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    u32(header, MAGIC);
    u32(header, VERSION);
    u64(header, tensors.size());
    u64(header, keys.size());
    header.writeBytes(metadata.toByteArray());
    long offset = 0;
    for (Tensor t : tensors) {
      string(header, t.name);
      u32(header, t.dims.length);
      for (long d : t.dims) {
        u64(header, d);
      }
      u32(header, t.type.ggmlType);
      u64(header, offset);
      offset = align(offset + t.bytes());
    }
    while (header.size() % ALIGNMENT != 0) {
      header.write(0);
    }
    return header;
  }

  private static long align(long n) {
    return (n + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
  }

  private static void encode(TensorType type, float[] row, ByteBuffer out) {
    switch (type) {
      case F32 -> {
        for (float v : row) {
          out.putFloat(v);
        }
      }
      case F16 -> {
        for (float v : row) {
          out.putShort(Half.toHalf(v));
        }
      }
      case Q8_0 -> {
        for (int block = 0; block < row.length; block += 32) {
          q8Block(row, block, out);
        }
      }
      case Q4_0 -> {
        for (int block = 0; block < row.length; block += 32) {
          q4Block(row, block, out);
        }
      }
      default -> throw new IllegalStateException(type.toString());
    }
  }

  /** One Q8_0 block, as ggml's {@code quantize_row_q8_0_ref}: scale = largest magnitude / 127. */
  private static void q8Block(float[] row, int block, ByteBuffer out) {
    float max = 0;
    for (int i = block; i < block + 32; i++) {
      max = Math.max(max, Math.abs(row[i]));
    }
    float scale = max / 127f;
    float inverse = scale == 0 ? 0 : 1f / scale;
    out.putShort(Half.toHalf(scale));
    for (int i = block; i < block + 32; i++) {
      int q = Math.round(row[i] * inverse);
      out.put((byte) Math.max(-127, Math.min(127, q)));
    }
  }

  /**
   * One Q4_0 block, as ggml's {@code quantize_row_q4_0_ref}: the scale is the value of largest
   * magnitude, signed, over −8, so that value is quant 0 exactly and the other end of the range
   * reaches 15; byte {@code j} holds quant {@code j} in its low half and quant {@code j + 16} in its high.
   */
  private static void q4Block(float[] row, int block, ByteBuffer out) {
    float extreme = 0;
    for (int i = block; i < block + 32; i++) {
      if (Math.abs(row[i]) > Math.abs(extreme)) {
        extreme = row[i];
      }
    }
    float scale = extreme / -8f;
    float inverse = scale == 0 ? 0 : 1f / scale;
    out.putShort(Half.toHalf(scale));
    for (int j = 0; j < 16; j++) {
      out.put((byte) (q4(row[block + j] * inverse) | q4(row[block + 16 + j] * inverse) << 4));
    }
  }

  /** ggml's rounding of a scaled value to a 4-bit quant: {@code min(15, (int8_t) (x + 8.5f))}. */
  private static int q4(float scaled) {
    return Math.min(15, (byte) (int) (scaled + 8.5f));
  }

  /** Starts a metadata entry: its key, once only, and its value type; the value follows. */
  private ByteArrayOutputStream entry(String key, ValueType type) {
    if (!keys.add(key)) {
      throw new IllegalArgumentException("metadata key " + key + " set twice");
    }
    string(metadata, key);
    u32(metadata, type.ordinal());
    return metadata;
  }

  /** Starts an array entry: its key, the element type and count; the elements follow. */
  private ByteArrayOutputStream array(String key, ValueType elementType, long count) {
    u32(entry(key, ValueType.ARRAY), elementType.ordinal());
    u64(metadata, count);
    return metadata;
  }

  private static void string(ByteArrayOutputStream out, String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    u64(out, bytes.length);
    out.write(bytes, 0, bytes.length);
  }

  private static void u32(ByteArrayOutputStream out, int v) {
    out.write(v);
    out.write(v >>> 8);
    out.write(v >>> 16);
    out.write(v >>> 24);
  }

  private static void u64(ByteArrayOutputStream out, long v) {
    u32(out, (int) v);
    u32(out, (int) (v >>> 32));
  }
}
