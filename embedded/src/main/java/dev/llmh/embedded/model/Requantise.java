package dev.llmh.embedded.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A model file's weight matrices written again in another tensor type by the project's own
 * {@link GgufWriter}: how the trained models' Q8_0 and Q4_0 files are made from the F16 file that
 * ships. Metadata is copied as it is but for {@code general.file_type}; vectors (the norms) stay as
 * they are, as llama.cpp's own quantiser leaves them.
 */
public final class Requantise {
  private Requantise() {}

  /** The writer of {@code source}'s model with its matrices in {@code type}. */
  public static GgufWriter of(Path source, TensorType type) throws IOException {
    ByteBuffer file;
    try (FileChannel channel = FileChannel.open(source, StandardOpenOption.READ)) {
      file = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size()).order(ByteOrder.LITTLE_ENDIAN);
    }
    GgufDirectory directory = GgufDirectory.read(file);
    GgufWriter out = new GgufWriter();
    directory.metadata().forEach((key, entry) -> {
      if (key.equals("general.file_type")) {
        out.putUint32(key, type.fileType());
      } else {
        out.putEncoded(key, entry.type(), entry.value());
      }
    });
    directory.tensors().forEach((name, info) -> {
      TensorType from = TensorType.ofGgml(info.type());
      if (from != TensorType.F32 && from != TensorType.F16) {
        throw new IllegalArgumentException(source + ": tensor " + name + " is " + from + "; only F32 and F16 are requantised");
      }
      ByteBuffer data = directory.data(info);
      out.tensor(name, info.dims().length > 1 ? type : from, info.dims(), (r, row) -> {
        int at = (int) r * row.length;
        for (int i = 0; i < row.length; i++) {
          row[i] = from == TensorType.F32 ? data.getFloat((at + i) * 4) : Half.fromHalf(data.getShort((at + i) * 2));
        }
      });
    });
    return out;
  }
}
