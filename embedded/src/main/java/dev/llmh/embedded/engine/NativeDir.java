package dev.llmh.embedded.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The private directory of llama.cpp's native side: where java-llama.cpp extracts its library, and
 * where every model instance writes its log. llama.cpp reports load errors only to that log (see
 * {@link LlamaEngine}), so the log file is also where they, and the build that wrote them, are read
 * back from.
 */
final class NativeDir {

  private static final int LOG_LINES = 40;
  private static final Pattern BUILD = Pattern.compile("build: (\\d+) \\(([0-9a-f]+)\\)");

  private static final Object NATIVE_LOCK = new Object();
  private static boolean nativeReady;
  private static final AtomicInteger OPENED = new AtomicInteger();

  private final Path dir;

  private NativeDir(Path dir) {
    this.dir = dir;
  }

  /**
   * {@code nativeTmpDir}, created if missing. The first call of a JVM points java-llama.cpp's loader
   * at it, before the library loads; later calls cannot move it.
   */
  static NativeDir claim(Path nativeTmpDir) throws IOException {
    synchronized (NATIVE_LOCK) {
      Path dir = nativeTmpDir.toAbsolutePath();
      Files.createDirectories(dir);
      if (!nativeReady) {
        System.setProperty("de.kherud.llama.tmpdir", dir.toString());
        nativeReady = true;
      }
      return new NativeDir(dir);
    }
  }

  /**
   * A log file no instance of this process has used, named {@code engine-<pid>-<n><suffix>}: the
   * loader deletes the entries of this directory whose names start with {@code llama} or {@code jllama}.
   */
  Path newLog(String suffix) {
    return dir.resolve("engine-" + ProcessHandle.current().pid() + "-" + OPENED.incrementAndGet() + suffix);
  }

  /** The last lines of llama.cpp's log file; its writer is asynchronous, so wait briefly for it. */
  static String lastLines(Path logFile) {
    List<String> lines = List.of();
    for (int attempt = 0; attempt < 20; attempt++) {
      try {
        lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
      } catch (IOException | UncheckedIOException e) {
        lines = List.of();
      }
      if (lines.stream().anyMatch(l -> l.contains("error") || l.contains("failed"))) {
        break;
      }
      try {
        Thread.sleep(25);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    if (lines.isEmpty()) {
      return "(nothing logged to " + logFile + ")";
    }
    return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
  }

  /** The llama.cpp build the log names, as {@code b<number> (<commit>)}; null when it names none. */
  static String buildOf(Path logFile) {
    try {
      for (String line : Files.readAllLines(logFile, StandardCharsets.UTF_8)) {
        Matcher m = BUILD.matcher(line);
        if (m.find()) {
          return "b" + m.group(1) + " (" + m.group(2) + ")";
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // The version is a nicety; the fallback names the bundled build.
    }
    return null;
  }
}
