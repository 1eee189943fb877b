package dev.llmh.result;

import java.nio.file.Path;
import java.util.List;

/**
 * A report written beside the results file at the end of every run, such as the {@code llmh-reports}
 * module's HTML report. The framework cannot depend on the module that renders its records (that
 * module depends on the framework), so the engine finds writers on the classpath through
 * {@link java.util.ServiceLoader}: a project with {@code llmh-reports} on its test classpath gets the
 * report, one without it gets a console line saying so. The results file ({@link JsonReport}) and the
 * console tables are writers too, run first and in that order by the engine.
 */
public interface ReportWriter {

  /** What is written, for the console: {@code HTML report}. */
  String name();

  /**
   * Writes the report of {@code record} into {@code directory}, named after the results file's
   * {@code runName}; returns the files written, the dated one first. May throw anything: the engine
   * turns a failure into a console warning, never a failed run.
   */
  List<Path> write(RunRecord record, Path directory, String runName) throws Exception;

  /** True when the run fails without this report (the results file); any other report's failure is a warning. */
  default boolean essential() {
    return false;
  }
}
