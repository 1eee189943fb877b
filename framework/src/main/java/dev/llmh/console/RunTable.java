package dev.llmh.console;

import dev.llmh.feature.CaseView;
import dev.llmh.result.CaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The end-of-run table: one row per case with the figures people compare first, units under the
 * headers. A case name wider than its column wraps, between the case and its params and between
 * params, onto indented lines, the figures on its last: every param stays, so no two cases look
 * alike.
 */
final class RunTable {
  /** The case column's widest: names longer than this wrap. */
  static final int MAX_NAME_WIDTH = 48;
  private static final String CONTINUATION = "  ";
  private static final String[] HEADERS = {"ttft p50", "ttft p95", "tpot p50", "e2e p95", "throughput"};
  private static final String[] UNITS = {"(ms)", "(ms)", "(ms)", "(ms)", "(tok/s)"};

  private RunTable() {}

  static String render(List<CaseResult> results, boolean colour) {
    List<String> names = results.stream().map(ConsoleSummary::fullName).toList();
    int width = Math.min(MAX_NAME_WIDTH, Math.max("LLMH case".length(), names.stream().mapToInt(String::length).max().orElse(0)));
    String format = "%-" + width + "s  %8s  %8s  %8s  %8s  %10s  %s";
    StringBuilder out = new StringBuilder();
    line(out, String.format(Locale.ROOT, format, "LLMH case", HEADERS[0], HEADERS[1], HEADERS[2], HEADERS[3], HEADERS[4], "verdict"));
    line(out, String.format(Locale.ROOT, format, "", UNITS[0], UNITS[1], UNITS[2], UNITS[3], UNITS[4], ""));
    for (int i = 0; i < results.size(); i++) {
      CaseResult result = results.get(i);
      CaseView view = CaseView.of(result);
      // the figures go on the name's last line, the one with the params that tell cases apart
      List<String> nameLines = wrap(names.get(i), width);
      nameLines.subList(0, nameLines.size() - 1).forEach(start -> line(out, start));
      String verdict = ConsoleSummary.verdict(result);
      line(out, String.format(Locale.ROOT, format, nameLines.get(nameLines.size() - 1),
          ConsoleSummary.number(view.number("ttft_ms.p50")), ConsoleSummary.number(view.number("ttft_ms.p95")),
          ConsoleSummary.number(view.number("tpot_ms.p50")), ConsoleSummary.number(view.number("e2e_ms.p95")),
          ConsoleSummary.number(view.number("throughput.output_tokens_per_s")),
          colour ? VerdictColour.verdict(verdict) : verdict));
    }
    return out.toString();
  }

  /**
   * {@code name} in lines of at most {@code width}: whole when it fits; else the case on its line
   * and the params from the next, broken after a param's comma, continuation lines indented. A
   * piece wider than a line is split, never cut.
   */
  static List<String> wrap(String name, int width) {
    if (name.length() <= width) {
      return List.of(name);
    }
    List<String> pieces = pieces(name);
    List<String> lines = new ArrayList<>(split(pieces.get(0), width));
    StringBuilder current = new StringBuilder();
    for (String piece : pieces.subList(1, pieces.size())) {
      if (current.length() > 0 && current.length() + 1 + piece.length() <= width) {
        current.append(' ').append(piece);
        continue;
      }
      if (current.length() > 0) {
        lines.add(current.toString());
      }
      List<String> parts = split(CONTINUATION + piece, width);
      lines.addAll(parts.subList(0, parts.size() - 1));
      current.setLength(0);
      current.append(parts.get(parts.size() - 1));
    }
    if (current.length() > 0) {
      lines.add(current.toString());
    }
    return lines;
  }

  /** {@code text} in chunks of at most {@code width}, each after the first indented. */
  private static List<String> split(String text, int width) {
    List<String> chunks = new ArrayList<>();
    String rest = text;
    while (rest.length() > width) {
      chunks.add(rest.substring(0, width));
      rest = CONTINUATION + rest.substring(width);
    }
    chunks.add(rest);
    return chunks;
  }

  /** "A › b [x=1, y=2]" as "A › b", "[x=1,", "y=2]": the places a line may break. */
  private static List<String> pieces(String name) {
    int params = name.indexOf(" [");
    if (params < 0) {
      return List.of(name);
    }
    List<String> pieces = new ArrayList<>();
    pieces.add(name.substring(0, params));
    pieces.addAll(List.of(name.substring(params + 1).split("(?<=,) ")));
    return pieces;
  }

  static void line(StringBuilder out, String text) {
    out.append(text.stripTrailing()).append('\n');
  }
}
