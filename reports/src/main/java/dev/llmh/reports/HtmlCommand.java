package dev.llmh.reports;

import dev.llmh.result.RunRecord;
import java.util.Optional;

/**
 * {@code html <results.json> [-o file]}: the HTML report of {@code dev.llmh.reports.html.HtmlReport},
 * which is built apart from this command. Until it is, the command says so and exits 2: no page
 * is better than a page that pretends.
 */
final class HtmlCommand {
  static final String NOT_BUILT = "html: not built in this version";

  private HtmlCommand() {}

  /** The page, or empty while this build has no HTML report. */
  static Optional<String> render(RunRecord record) {
    // HTML-REPORT: the one line to change once HtmlReport is merged:
    //   return Optional.of(dev.llmh.reports.html.HtmlReport.render(record));
    return Optional.empty();
  }
}
