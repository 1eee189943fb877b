package dev.llmh.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reading and writing results files for the commands, every failure one {@link UsageException} naming the file. */
final class ResultsInput {
  private ResultsInput() {}

  public static RunRecord read(Path file) throws UsageException {
    requireFile(file);
    RunRecord record;
    try {
      record = ResultsFiles.read(file);
    } catch (IOException e) {
      throw new UsageException("cannot read " + file + " as an LLMH results file: " + e.getMessage());
    }
    if (record == null || record.results() == null) {
      throw new UsageException(file + " holds no LLMH results record");
    }
    return record;
  }

  /** The file as a JSON tree, after checking that it reads as a results record: unknown fields are kept. */
  public static ObjectNode readTree(Path file) throws UsageException {
    read(file);
    try {
      JsonNode tree = ResultsFiles.mapper().readTree(file.toFile());
      if (!(tree instanceof ObjectNode object)) {
        throw new UsageException(file + " holds no LLMH results record (not a JSON object)");
      }
      return object;
    } catch (IOException e) {
      throw new UsageException("cannot read " + file + ": " + e.getMessage());
    }
  }

  private static void requireFile(Path file) throws UsageException {
    if (!Files.isRegularFile(file)) {
      throw new UsageException("no results file at " + file);
    }
    if (!Files.isReadable(file)) {
      throw new UsageException("cannot read " + file + ": permission denied");
    }
  }

  /** Writes {@code text} to {@code file}, creating its directory. */
  public static void write(Path file, String text) throws UsageException {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UsageException("cannot write " + file + ": " + e);
    }
  }
}
