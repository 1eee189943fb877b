package dev.llmh.result;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Runs the engine's own {@link ReportWriter}s, then every one on the classpath. A report is a view of
 * the record, so only an {@linkplain ReportWriter#essential() essential} one fails the run: any other
 * writer that throws, or that cannot be loaded, becomes one warning line.
 */
public final class ReportWriters {
  private ReportWriters() {}

  /**
   * Writes {@code own} in order, then every report found on the classpath; returns how many of those
   * found were written.
   *
   * @throws IOException when an essential report could not be written, saying why: the caller's
   *     failure is where that error is told, once
   */
  public static int writeAll(List<ReportWriter> own, RunRecord record, Path directory, String runName, PrintStream console)
      throws IOException {
    for (ReportWriter writer : own) {
      if (writer.essential()) {
        try {
          printWritten(writer.name(), writer.write(record, directory, runName), console);
        } catch (Exception | LinkageError | StackOverflowError e) {
          // said once, by the run's failure, not also on the console
          throw new IOException("the " + writer.name() + " could not be written: " + e, e);
        }
      } else {
        writeOne(writer, record, directory, runName, console);
      }
    }
    return writeFound(ServiceLoader.load(ReportWriter.class, ReportWriters.class.getClassLoader()), record, directory,
        runName, console);
  }

  static int writeFound(Iterable<ReportWriter> writers, RunRecord record, Path directory, String runName, PrintStream console) {
    int written = 0;
    boolean found = false;
    try {
      for (ReportWriter writer : writers) {
        found = true;
        written += writeOne(writer, record, directory, runName, console) ? 1 : 0;
      }
    } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
      console.println("LLMH warning: a report writer could not be loaded, so its report was not written: " + e);
      return written;
    }
    if (!found) {
      console.println("LLMH: no HTML report written: dev.llmh:llmh-reports is not on the test classpath"
          + " (add it beside llmh-framework, test scope, to get target/llmh/latest.html)");
    }
    return written;
  }

  private static boolean writeOne(ReportWriter writer, RunRecord record, Path directory, String runName, PrintStream console) {
    String name = "a report";
    try {
      name = writer.name();
      printWritten(name, writer.write(record, directory, runName), console);
      return true;
    } catch (Exception | LinkageError | StackOverflowError e) {
      console.println("LLMH warning: the " + name + " was not written (the run's results are unaffected): " + e);
      return false;
    }
  }

  private static void printWritten(String name, List<Path> files, PrintStream console) {
    if (!files.isEmpty()) {
      console.println("LLMH " + name + ": " + files.get(0).toAbsolutePath()
          + (files.size() > 1 ? " (and " + files.get(1).getFileName() + " beside it)" : ""));
    }
  }
}
