package dev.llmh.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Writes and reads results files: {@code latest.json} plus {@code run-<UTC timestamp>.json}. */
public final class ResultsFiles {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss'Z'").withZone(ZoneOffset.UTC);

  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private ResultsFiles() {}

  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /**
   * Writes the dated record and then {@code latest.json}, each through a temporary file so that a
   * reader never sees half a file. Returns the dated file.
   */
  public static Path write(RunRecord record, Path directory, Instant startedAt) throws IOException {
    return write(record, directory, runName(directory, startedAt));
  }

  /**
   * The run's file name without extension, {@code run-<UTC timestamp>}, with {@code -2}, {@code -3}...
   * when a run of the same second left files already: the results file and the sample journal of
   * one run share it.
   */
  public static String runName(Path directory, Instant startedAt) {
    String name = "run-" + STAMP.format(startedAt);
    for (int i = 2; Files.exists(directory.resolve(name + ".json")) || Files.exists(directory.resolve(name + ".ndjson")); i++) {
      name = "run-" + STAMP.format(startedAt) + "-" + i;
    }
    return name;
  }

  /** Writes {@code <runName>.json} and then {@code latest.json}; returns the first. */
  public static Path write(RunRecord record, Path directory, String runName) throws IOException {
    Files.createDirectories(directory);
    Path dated = directory.resolve(runName + ".json");
    byte[] json = MAPPER.writeValueAsBytes(record);
    writeAtomically(dated, json);
    writeAtomically(directory.resolve("latest.json"), json);
    return dated;
  }

  /**
   * Creates {@code directory} if needed and writes and deletes a file in it, so that a directory
   * that cannot hold the record is found before the first request rather than after the last.
   */
  public static void checkWritable(Path directory) throws IOException {
    Files.createDirectories(directory);
    Path probe = Files.createTempFile(directory, ".llmh-write-check", ".tmp");
    Files.delete(probe);
  }

  public static RunRecord read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), RunRecord.class);
  }

  /** Writes {@code content} to {@code target} whole or not at all: a reader never sees half a file. */
  public static void writeAtomically(Path target, byte[] content) throws IOException {
    Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
    Files.write(temporary, content);
    Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
