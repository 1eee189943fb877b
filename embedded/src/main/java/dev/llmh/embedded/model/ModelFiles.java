package dev.llmh.embedded.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.function.LongConsumer;

/** Generated model files: created on first use, reused afterwards. */
public final class ModelFiles {

  private ModelFiles() {}

  /** {@code llmh-<name>-<shape>-g<generator>-<type>-seed<seed>.gguf}. */
  public static String fileName(ModelSpec spec) {
    return "llmh-" + spec.name() + "-" + spec.shapeTag() + "-g" + ModelGenerator.GENERATOR_VERSION + "-"
        + spec.tensorType().name().toLowerCase(Locale.ROOT) + "-seed" + spec.seed() + ".gguf";
  }

  /**
   * The model file for {@code spec} in {@code directory}, generated if it does not exist yet. The
   * file is written to a temporary file in the same directory and moved into place atomically, so
   * concurrent first uses and crashes never leave half a file under the final name.
   */
  public static Path ensure(ModelSpec spec, Path directory) throws IOException {
    return ensure(spec, directory, bytes -> {});
  }

  /**
   * As {@link #ensure(ModelSpec, Path)}, telling {@code generating} the file's size in bytes before
   * a file is generated (not when one is reused): generating {@code small} takes a while.
   */
  public static Path ensure(ModelSpec spec, Path directory, LongConsumer generating) throws IOException {
    Files.createDirectories(directory);
    Path target = directory.resolve(fileName(spec));
    if (Files.isRegularFile(target)) {
      return target;
    }
    Path temp = Files.createTempFile(directory, "." + fileName(spec) + ".", ".part");
    try {
      GgufWriter writer = ModelGenerator.writer(spec);
      generating.accept(writer.size());
      writer.write(temp);
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        try {
          Files.move(temp, target);
        } catch (FileAlreadyExistsException raced) {
          // Another process finished first; its file has the same bytes.
        }
      }
    } finally {
      Files.deleteIfExists(temp);
    }
    return target;
  }

  /** Lower-case hex SHA-256 of a file. */
  public static String sha256(Path file) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }
}
