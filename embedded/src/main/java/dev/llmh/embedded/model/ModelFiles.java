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

/**
 * Model files: a generated model's written on first use, a trained model's F16 file copied out of
 * this module (where it ships) and its other types requantised from it; reused afterwards.
 */
public final class ModelFiles {
  /** Where the trained models' F16 files ship, beside this class. */
  static final String TRAINED = "/dev/llmh/embedded/trained/";

  /** Writes a model file's bytes to a path. */
  @FunctionalInterface
  private interface FileWriter {
    void write(Path file) throws IOException;
  }

  private ModelFiles() {}

  /** {@code llmh-<name>-<shape>-g<generator>-<type>-seed<seed>.gguf}. */
  public static String fileName(ModelSpec spec) {
    return "llmh-" + spec.name() + "-" + spec.shapeTag() + "-g" + ModelGenerator.GENERATOR_VERSION + "-"
        + spec.tensorType().name().toLowerCase(Locale.ROOT) + "-seed" + spec.seed() + ".gguf";
  }

  /**
   * The model file for {@code spec} in {@code directory}, written if it does not exist yet. The
   * file is written to a temporary file in the same directory and moved into place atomically, so
   * concurrent first uses and crashes never leave half a file under the final name.
   */
  public static Path ensure(ModelSpec spec, Path directory) throws IOException {
    return ensure(spec, directory, bytes -> {});
  }

  /**
   * As {@link #ensure(ModelSpec, Path)}, telling {@code generating} the file's size in bytes before
   * a file is written (not when one is reused): generating {@code small} takes a while.
   */
  public static Path ensure(ModelSpec spec, Path directory, LongConsumer generating) throws IOException {
    Files.createDirectories(directory);
    if (spec.trained()) {
      return trained(spec, directory, generating);
    }
    Path target = directory.resolve(fileName(spec));
    writeOnce(target, temp -> {
      GgufWriter writer = ModelGenerator.writer(spec);
      generating.accept(writer.size());
      writer.write(temp);
    });
    return target;
  }

  /**
   * A trained model's file, named by the shipped file's hash, so that a model trained again never
   * meets a stale copy: {@code llmh-<name>-<shape>-<type>-t<first 12 hex digits of its sha256>.gguf}.
   */
  private static Path trained(ModelSpec spec, Path directory, LongConsumer generating) throws IOException {
    String resource = TRAINED + spec.name() + "-f16.gguf";
    byte[] shipped;
    try (InputStream in = ModelFiles.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("the trained model " + spec.name() + " is not in this build (" + resource
            + " is missing); docs/guide/trained-models.md gives the command that trains it");
      }
      shipped = in.readAllBytes();
    }
    String base = "llmh-" + spec.name() + "-" + spec.shapeTag() + "-";
    String version = "-t" + HexFormat.of().formatHex(digest().digest(shipped)).substring(0, 12) + ".gguf";
    Path f16 = directory.resolve(base + "f16" + version);
    writeOnce(f16, temp -> Files.write(temp, shipped));
    if (spec.tensorType() == TensorType.F16) {
      return f16;
    }
    Path target = directory.resolve(base + spec.tensorType().name().toLowerCase(Locale.ROOT) + version);
    writeOnce(target, temp -> {
      GgufWriter writer = Requantise.of(f16, spec.tensorType());
      generating.accept(writer.size());
      writer.write(temp);
    });
    return target;
  }

  /** Writes {@code target} through a temporary file moved into place, unless it exists. */
  private static void writeOnce(Path target, FileWriter writer) throws IOException {
    if (Files.isRegularFile(target)) {
      return;
    }
    Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".part");
    try {
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
  }

  /** Lower-case hex SHA-256 of a file. */
  public static String sha256(Path file) throws IOException {
    MessageDigest digest = digest();
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
