package dev.llmh.console;

import dev.llmh.result.ChecksRecord;
import java.util.List;
import java.util.Locale;

/** A case's checks line: the checks, how many answers passed, and the success rate with its interval. */
final class ChecksLines {
  private ChecksLines() {}

  /**
   * {@code checks     ExpectJson, cites: 18 of 20 passed (ExpectJson failed 2); success rate 90.0% [68.3, 98.8]};
   * nothing when no check is declared.
   */
  static void append(StringBuilder out, ChecksRecord checks) {
    if (checks == null) {
      return;
    }
    out.append("  checks     ").append(String.join(", ", checks.names())).append(": ");
    if (checks.notMeasured() != null) {
      out.append("not measured: ").append(checks.notMeasured()).append('\n');
      return;
    }
    List<String> failed = checks.failed().entrySet().stream().filter(e -> e.getValue() > 0)
        .map(e -> e.getKey() + " failed " + e.getValue()).toList();
    out.append(String.format(Locale.ROOT, "%d of %d passed%s; success rate %.1f%% [%.1f, %.1f]%n", checks.passed(),
        checks.counted(), failed.isEmpty() ? "" : " (" + String.join(", ", failed) + ")", checks.successRate(),
        checks.successRateCi().get(0), checks.successRateCi().get(1)));
  }
}
