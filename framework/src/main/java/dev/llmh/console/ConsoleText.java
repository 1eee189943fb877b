package dev.llmh.console;

/**
 * Text from the record put on one console line: a warning, a failed request's error or a check's
 * reason may run over several lines (a server's error page, an exception's causes); the console
 * shows its first line, cut short, and says where the whole text is kept.
 */
final class ConsoleText {
  /** The longest text shown whole: the harness's own warnings are single sentences below it. */
  static final int LONGEST = 300;

  /** How much of a longer text is shown, at most. */
  static final int SHOWN = 240;

  private ConsoleText() {}

  /**
   * {@code text} on one line: itself when it is one line of at most {@link #LONGEST} characters,
   * else its first line cut at a word before {@link #SHOWN}, then where the whole is
   * ({@code wholeIn}, e.g. {@code warnings}: the results file's key).
   */
  static String oneLine(String text, String wholeIn) {
    if (text == null) {
      return "null";
    }
    String stripped = text.strip();
    int newline = stripped.indexOf('\n');
    String first = (newline < 0 ? stripped : stripped.substring(0, newline)).strip();
    if (newline < 0 && first.length() <= LONGEST) {
      return first;
    }
    if (first.length() > SHOWN) {
      int space = first.lastIndexOf(' ', SHOWN);
      first = first.substring(0, space > SHOWN / 2 ? space : SHOWN);
    }
    return first + " … (the whole text: " + wholeIn + " in the results file)";
  }
}
