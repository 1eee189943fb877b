package dev.llmh.console;

import dev.llmh.result.FitRecord;

/** Test access to the console's fit line. */
public final class ConsoleSummaryFits {
  private ConsoleSummaryFits() {}

  public static String line(FitRecord fit) {
    return PromptLines.line(fit);
  }
}
