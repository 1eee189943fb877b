package dev.llmh.client;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The tensor directory of a GGUF file (versions 2 and 3): each tensor's name, type and shape, read
 * from the header without touching the weights. The metadata before it is skipped value by value.
 */
public final class GgufHeader {
  private static final int MAGIC = 0x46554747; // "GGUF", little-endian

  private GgufHeader() {}

  /** The tensors {@code file} lists, in its order. */
  public static List<DecodeBytes.Tensor> tensors(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer in = channel.map(FileChannel.MapMode.READ_ONLY, 0, Math.min(channel.size(), Integer.MAX_VALUE))
          .order(ByteOrder.LITTLE_ENDIAN);
      return tensors(in, file);
    } catch (BufferUnderflowException | IllegalArgumentException e) {
      throw new IOException(file + ": the GGUF header ends early or is malformed", e);
    }
  }

  private static List<DecodeBytes.Tensor> tensors(ByteBuffer in, Path file) throws IOException {
    if (in.getInt() != MAGIC) {
      throw new IOException(file + " is not a GGUF file");
    }
    int version = in.getInt();
    if (version < 2) {
      throw new IOException(file + ": GGUF version " + version + " is not read (2 and 3 are)");
    }
    long tensorCount = in.getLong();
    long kvCount = in.getLong();
    for (long i = 0; i < kvCount; i++) {
      string(in);
      skip(in, in.getInt());
    }
    List<DecodeBytes.Tensor> tensors = new ArrayList<>();
    for (long i = 0; i < tensorCount; i++) {
      String name = string(in);
      long[] shape = new long[in.getInt()];
      for (int d = 0; d < shape.length; d++) {
        shape[d] = in.getLong();
      }
      tensors.add(new DecodeBytes.Tensor(name, DecodeBytes.typeName(in.getInt()), shape));
      in.getLong(); // the tensor's offset in the data: not needed to size it
    }
    return tensors;
  }

  private static String string(ByteBuffer in) {
    byte[] bytes = new byte[Math.toIntExact(in.getLong())];
    in.get(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Past one metadata value of GGUF type {@code type}. */
  private static void skip(ByteBuffer in, int type) throws IOException {
    int width = switch (type) {
      case 0, 1, 7 -> 1; // u8, i8, bool
      case 2, 3 -> 2;
      case 4, 5, 6 -> 4;
      case 10, 11, 12 -> 8;
      case 8, 9 -> 0;
      default -> throw new IOException("unknown GGUF metadata type " + type);
    };
    if (type == 8) {
      string(in);
    } else if (type == 9) {
      int element = in.getInt();
      long count = in.getLong();
      for (long i = 0; i < count; i++) {
        skip(in, element);
      }
    } else {
      in.position(in.position() + width);
    }
  }
}
