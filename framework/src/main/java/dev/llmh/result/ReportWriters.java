package dev.llmh.result;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Runs every {@link ReportWriter} on the classpath after the results file is written. A report is a
 * view of the record, so nothing here fails the run: a writer that throws, or one that cannot be
 * loaded, becomes one warning line.
 */
public final class ReportWriters {
  private ReportWriters() {}

  /** Writes every report found; returns how many were written. */
  public static int writeAll(RunRecord record, Path directory, String runName, PrintStream console) {
    return writeAll(ServiceLoader.load(ReportWriter.class, ReportWriters.class.getClassLoader()), record, directory,
        runName, console);
  }

  static int writeAll(Iterable<ReportWriter> writers, RunRecord record, Path directory, String runName, PrintStream console) {
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
      List<Path> files = writer.write(record, directory, runName);
      if (!files.isEmpty()) {
        console.println("LLMH " + name + ": " + files.get(0).toAbsolutePath()
            + (files.size() > 1 ? " (and " + files.get(1).getFileName() + " beside it)" : ""));
      }
      return true;
    } catch (Exception | LinkageError | StackOverflowError e) {
      console.println("LLMH warning: the " + name + " was not written (the run's results are unaffected): " + e);
      return false;
    }
  }
}
