package dev.llmh.console;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ANSI colour for verdict words, for a person at a terminal: green PASS, red FAIL, NOT RUN and
 * ERROR, yellow INCONCLUSIVE. Callers decide whether to colour ({@link Terminal#isInteractive()}),
 * so logs and files stay plain text.
 */
final class VerdictColour {
  private static final String RESET = "\u001b[0m";
  /** A message's verdict: the word after {@code ": "} ({@code ... budget 2000 ms: PASS}). */
  private static final Pattern IN_MESSAGE = Pattern.compile(": (PASS|FAIL|INCONCLUSIVE)\\b");

  private VerdictColour() {}

  /** The whole text in its verdict's colour; text that starts with no verdict is left alone. */
  static String verdict(String text) {
    String code = code(text);
    return code == null ? text : code + text + RESET;
  }

  /** A constraint message with its verdict word coloured; the rest of the line stays plain. */
  static String inMessage(String message) {
    Matcher matcher = IN_MESSAGE.matcher(message);
    if (!matcher.find()) {
      return message;
    }
    return message.substring(0, matcher.start(1)) + verdict(matcher.group(1)) + message.substring(matcher.end(1));
  }

  private static String code(String text) {
    if (text.startsWith("PASS")) {
      return "\u001b[32m";
    }
    if (text.startsWith("INCONCLUSIVE")) {
      return "\u001b[33m";
    }
    if (text.startsWith("FAIL") || text.startsWith("NOT RUN") || text.startsWith("ERROR")) {
      return "\u001b[31m";
    }
    return null;
  }
}
