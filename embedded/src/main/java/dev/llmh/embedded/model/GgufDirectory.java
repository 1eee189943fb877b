package dev.llmh.embedded.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The directory of a GGUF file (version 3): its metadata entries, each as its type and encoded
 * value, and its tensors, both in file order — enough to find a tensor's bytes, or to write the
 * file again with its weights in another type.
 */
record GgufDirectory(ByteBuffer file, Map<String, Entry> metadata, Map<String, Info> tensors, long dataStart) {
  record Info(long[] dims, int type, long offset) {}

  /** A metadata value: its GGUF type code and its bytes as the file stores them. */
  record Entry(int type, byte[] value) {}

  static GgufDirectory read(ByteBuffer in) throws IOException {
    if (in.getInt(0) != 0x46554747) {
      throw new IOException("not a GGUF file");
    }
    in.position(8);
    long tensorCount = in.getLong();
    long kvCount = in.getLong();
    long alignment = 32;
    Map<String, Entry> metadata = new LinkedHashMap<>();
    for (long i = 0; i < kvCount; i++) {
      String key = string(in);
      int type = in.getInt();
      int start = in.position();
      skip(in, type);
      byte[] value = new byte[in.position() - start];
      in.get(start, value);
      metadata.put(key, new Entry(type, value));
      if (key.equals("general.alignment") && type == 4) {
        alignment = Integer.toUnsignedLong(in.getInt(start));
      }
    }
    Map<String, Info> tensors = new LinkedHashMap<>();
    for (long i = 0; i < tensorCount; i++) {
      String name = string(in);
      long[] dims = new long[in.getInt()];
      for (int d = 0; d < dims.length; d++) {
        dims[d] = in.getLong();
      }
      tensors.put(name, new Info(dims, in.getInt(), in.getLong()));
    }
    long start = (in.position() + alignment - 1) / alignment * alignment;
    return new GgufDirectory(in, metadata, tensors, start);
  }

  Info tensor(String name) throws IOException {
    Info info = tensors.get(name);
    if (info == null) {
      throw new IOException("the model file has no tensor " + name);
    }
    return info;
  }

  ByteBuffer data(Info info) {
    return file.duplicate().order(ByteOrder.LITTLE_ENDIAN).position((int) (dataStart + info.offset())).slice()
        .order(ByteOrder.LITTLE_ENDIAN);
  }

  private static String string(ByteBuffer in) {
    byte[] bytes = new byte[(int) in.getLong()];
    in.get(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static void skip(ByteBuffer in, int type) throws IOException {
    switch (type) {
      case 0, 1, 7 -> in.position(in.position() + 1);
      case 2, 3 -> in.position(in.position() + 2);
      case 4, 5, 6 -> in.position(in.position() + 4);
      case 10, 11, 12 -> in.position(in.position() + 8);
      case 8 -> string(in);
      case 9 -> {
        int element = in.getInt();
        long count = in.getLong();
        for (long i = 0; i < count; i++) {
          skip(in, element);
        }
      }
      default -> throw new IOException("unknown GGUF value type " + type);
    }
  }
}
