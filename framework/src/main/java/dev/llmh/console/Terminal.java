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
    return isInteractive(consoleIsTerminal(), System.getenv());
  }

  static boolean isInteractive(boolean terminal, Map<String, String> env) {
    String noColor = env.get("NO_COLOR");
    return terminal && (noColor == null || noColor.isEmpty()) && !"dumb".equals(env.get("TERM"));
  }

  /**
   * From JDK 22, {@code System.console()} is not null even when output is redirected; {@code
   * Console.isTerminal()} (JDK 22+, looked up so that release 17 compiles) then tells. Before it, a
   * console exists only for a terminal.
   */
  private static boolean consoleIsTerminal() {
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
