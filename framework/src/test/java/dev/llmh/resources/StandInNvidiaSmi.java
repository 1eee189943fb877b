package dev.llmh.resources;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A stand-in {@code nvidia-smi} for machines without a GPU: a bash script in a test's directory that
 * appends its arguments to {@code argv} there and, with {@code -lms N}, prints {@code tick} (one
 * line per GPU, {@code $i} the reading's number) every N ms, noting each in {@code ticks}: its own
 * record of what it printed; without it, {@code once} and exits.
 */
final class StandInNvidiaSmi {
  final Path dir;

  private StandInNvidiaSmi(Path dir) {
    this.dir = dir;
  }

  static StandInNvidiaSmi write(Path dir, String tick, String once) throws IOException {
    Path script = dir.resolve("nvidia-smi");
    Files.writeString(script, String.join("\n",
        "#!/bin/bash",
        "printf '%s\\n' \"$*\" >> '" + dir.resolve("argv") + "'",
        "case \" $* \" in *' -lms '*) ;; *) " + once + "; exit 0;; esac",
        "ms=${@: -1}",
        "seconds=$(awk \"BEGIN{print $ms/1000}\")",
        "i=0",
        "while true; do",
        "  echo $i >> '" + dir.resolve("ticks") + "'", // noted first: a reading read is always one noted
        tick,
        "  i=$((i+1))",
        "  sleep $seconds",
        "done",
        ""));
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return new StandInNvidiaSmi(dir);
  }

  /** A PATH with the stand-in's directory first. */
  String path() {
    return dir + File.pathSeparator + System.getenv("PATH");
  }

  /** How many readings it has printed so far, every run together. */
  int ticks() throws IOException {
    Path ticks = dir.resolve("ticks");
    return Files.exists(ticks) ? Files.readAllLines(ticks).size() : 0;
  }

  /** The argument lines of every run so far. */
  List<String> runs() throws IOException {
    Path argv = dir.resolve("argv");
    return Files.exists(argv) ? Files.readAllLines(argv) : List.of();
  }
}
