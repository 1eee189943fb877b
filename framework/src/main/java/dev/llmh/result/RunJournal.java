package dev.llmh.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * The run's sample journal, {@code run-<timestamp>.ndjson} beside the results file: one JSON line
 * per measured request, written and handed to the operating system as soon as the request ends
 * (by the engine's journal thread, off the measuring threads, 5 ms after the request ended). A run
 * killed outright (SIGKILL, a crash) loses at most the requests in flight and the lines of the last
 * few milliseconds.
 */
public final class RunJournal implements AutoCloseable {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Path file;
  private final OutputStream out;

  /**
   * One line.
   *
   * @param request the measured request's number within its case, from 0
   * @param sample the request as the results file records it ({@code start_ms} from the case's
   *     measurement start)
   */
  public record Line(String scenario, String caseId, Map<String, Object> params, int request, SampleRecord sample) {}

  private RunJournal(Path file) throws IOException {
    this.file = file;
    this.out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /** Opens {@code <baseName>.ndjson} in {@code directory}, creating the directory if needed. */
  public static RunJournal open(Path directory, String baseName) throws IOException {
    Files.createDirectories(directory);
    return new RunJournal(directory.resolve(baseName + ".ndjson"));
  }

  public Path file() {
    return file;
  }

  /** Writes one line and flushes it. */
  public synchronized void append(Line line) throws IOException {
    byte[] json = json(line);
    out.write(json);
    out.write('\n');
    out.flush();
  }

  /** The line as it is written, without its newline. */
  public static byte[] json(Line line) throws IOException {
    return MAPPER.writeValueAsBytes(line);
  }

  @Override
  public synchronized void close() throws IOException {
    out.close();
  }
}
