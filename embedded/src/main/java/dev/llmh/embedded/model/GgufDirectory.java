package dev.llmh.embedded.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** The tensor directory of a GGUF file (version 3): enough to find a tensor's bytes. */
record GgufDirectory(ByteBuffer file, Map<String, Info> tensors, long dataStart) {
  record Info(long[] dims, int type, long offset) {}

  static GgufDirectory read(ByteBuffer in) throws IOException {
    if (in.getInt(0) != 0x46554747) {
      throw new IOException("not a GGUF file");
    }
    in.position(8);
    long tensorCount = in.getLong();
    long kvCount = in.getLong();
    long alignment = 32;
    for (long i = 0; i < kvCount; i++) {
      String key = string(in);
      int type = in.getInt();
      if (key.equals("general.alignment") && type == 4) {
        alignment = Integer.toUnsignedLong(in.getInt());
      } else {
        skip(in, type);
      }
    }
    Map<String, Info> tensors = new HashMap<>();
    for (long i = 0; i < tensorCount; i++) {
      String name = string(in);
      long[] dims = new long[in.getInt()];
      for (int d = 0; d < dims.length; d++) {
        dims[d] = in.getLong();
      }
      tensors.put(name, new Info(dims, in.getInt(), in.getLong()));
    }
    long start = (in.position() + alignment - 1) / alignment * alignment;
    return new GgufDirectory(in, tensors, start);
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
