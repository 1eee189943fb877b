package dev.llmh.resources;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finding {@code nvidia-smi} and reading its CSV ({@code --format=csv,noheader,nounits}): fields
 * separated by {@code ", "}, a figure the GPU does not report written as {@code [N/A]} or
 * {@code [Not Supported]}.
 */
final class NvidiaSmi {
  static final String NAME = "nvidia-smi";
  private static final double MIB = 1024.0 * 1024.0;

  private NvidiaSmi() {}

  /**
   * The first executable file named {@code nvidia-smi} in the directories of {@code path} (a PATH
   * value), as the shell would find it; a test puts its stand-in's directory first.
   */
  static Optional<Path> find(String path) {
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      try {
        Path candidate = Path.of(dir, NAME);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      } catch (InvalidPathException ignored) {
        // a PATH entry that is no path cannot hold it
      }
    }
    return Optional.empty();
  }

  /**
   * A line split into {@code fields} fields, or null when it has fewer; the name (the second field)
   * takes any extra separators, since it is the one free-text field.
   */
  static String[] fields(String line, int fields) {
    String[] parts = line.split(",", -1);
    if (parts.length < fields) {
      return null;
    }
    String[] out = new String[fields];
    out[0] = parts[0].strip();
    int extra = parts.length - fields;
    out[1] = String.join(",", java.util.Arrays.copyOfRange(parts, 1, 2 + extra)).strip();
    for (int i = 2; i < fields; i++) {
      out[i] = parts[i + extra].strip();
    }
    return out;
  }

  /** A figure, or null where the GPU does not report it ({@code [N/A]}, {@code [Not Supported]}). */
  static Double number(String field) {
    if (field.startsWith("[") || field.equalsIgnoreCase("N/A")) {
      return null;
    }
    return Double.valueOf(field); // anything else unparseable is not nvidia-smi's CSV: the caller says so
  }

  /** MiB as nvidia-smi reports memory, in bytes; null stays null. */
  static Long bytes(Double mib) {
    return mib == null ? null : Math.round(mib * MIB);
  }
}
