package dev.llmh.console;

import java.io.Console;
import java.lang.reflect.Method;
import java.util.Map;

/**
 * Whether the run's output goes to a person at an interactive terminal, which decides colour and
 * lines rewritten in place. Surefire's forked JVM, a pipe, a CI log and an IDE's console are not
 * one, so their output stays plain text.
 */
public final class Terminal {
  private Terminal() {}

  /**
   * True when standard output is an interactive terminal, {@code NO_COLOR} is not set
   * (no-color.org) and {@code TERM} is not {@code dumb}.
   */
  public static boolean isInteractive() {
    return isInteractive(isTerminal(), System.getenv());
  }

  static boolean isInteractive(boolean terminal, Map<String, String> env) {
    String noColor = env.get("NO_COLOR");
    return terminal && (noColor == null || noColor.isEmpty()) && !"dumb".equals(env.get("TERM"));
  }

  /**
   * True when standard output is a terminal, whatever {@code NO_COLOR} says (a line rewritten in
   * place is not colour). {@code System.console()} is null elsewhere up to JDK 21 and again from
   * JDK 25; JDK 22 to 24 return a console even when the output is redirected, and only {@code
   * Console.isTerminal()} (JDK 22) tells. Release 17 lacks that method, so it is looked up, at the
   * start of a run, never on the measurement path.
   */
  public static boolean isTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      Method isTerminal = Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (NoSuchMethodException e) {
      return true;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
  }
}
