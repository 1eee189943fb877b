package dev.llmh.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Server options as declared ({@code @Endpoint(options)}) or configured ({@code llmh.options}):
 * {@code key=value} texts, read into typed values in declaration order. A value is a {@link Long} or
 * {@link Double} when it reads as a number, a {@link Boolean} for {@code true} or {@code false}, and
 * text otherwise (an array or object stays text here; the client sends it as JSON).
 *
 * <p>The context option differs by server; {@link #CONTEXT_KEYS} are the names that set it.
 */
public final class ServerOptions {
  private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");
  private static final Pattern INTEGER = Pattern.compile("-?\\d{1,18}");
  private static final Pattern DECIMAL = Pattern.compile("-?(\\d+\\.\\d*|\\.\\d+|\\d+)([eE][-+]?\\d+)?");
  /** A comma that starts the next {@code key=}: a value may hold commas of its own ({@code stop=[".", "!"]}). */
  private static final Pattern SEPARATOR = Pattern.compile(",(?=\\s*[A-Za-z_][A-Za-z0-9_.-]*\\s*=)");

  /** Option names that set the server's context length: Ollama's {@code num_ctx}, llama.cpp's {@code n_ctx}. */
  public static final List<String> CONTEXT_KEYS = List.of("num_ctx", "n_ctx");

  /** The option that raises Ollama's context, which truncates longer prompts silently. */
  public static final String OLLAMA_CONTEXT = "num_ctx";

  private ServerOptions() {}

  /**
   * The options in order; throws {@link IllegalArgumentException} naming the first malformed one
   * (no {@code =}, a key that is not a name, a key given twice).
   */
  public static Map<String, Object> parse(List<String> options) {
    Map<String, Object> parsed = new LinkedHashMap<>();
    for (String option : options) {
      String problem = problem(option);
      if (problem != null) {
        throw new IllegalArgumentException(problem);
      }
      int eq = option.indexOf('=');
      String key = option.substring(0, eq).strip();
      if (parsed.containsKey(key)) {
        throw new IllegalArgumentException("option '" + key + "' is given twice; keep one");
      }
      parsed.put(key, value(option.substring(eq + 1).strip()));
    }
    return Collections.unmodifiableMap(parsed);
  }

  /** What is wrong with one {@code key=value} text, or null when nothing is. */
  public static String problem(String option) {
    int eq = option == null ? -1 : option.indexOf('=');
    if (eq < 0) {
      return "option '" + option + "' is not key=value; write e.g. \"num_ctx=8192\"";
    }
    String key = option.substring(0, eq).strip();
    if (!KEY.matcher(key).matches()) {
      return "option '" + option + "' has no valid name before '=' (letters, digits, '_', '.', '-')";
    }
    return null;
  }

  /** {@code llmh.options}: options separated by commas, e.g. {@code num_ctx=8192,keep_alive=10m}. */
  public static List<String> split(String configured) {
    List<String> options = new ArrayList<>();
    for (String part : SEPARATOR.split(configured)) {
      if (!part.isBlank()) {
        options.add(part.strip());
      }
    }
    return options;
  }

  /** The value as sent: a number, a boolean, or the text. */
  static Object value(String text) {
    if (INTEGER.matcher(text).matches()) {
      return Long.valueOf(text);
    }
    if (DECIMAL.matcher(text).matches()) {
      return Double.valueOf(text);
    }
    if (text.equals("true") || text.equals("false")) {
      return Boolean.valueOf(text);
    }
    return text;
  }

  /** The context length the options set, or null when they set none. */
  public static Integer context(Map<String, Object> options) {
    for (String key : CONTEXT_KEYS) {
      if (options.get(key) instanceof Long n && n > 0 && n <= Integer.MAX_VALUE) {
        return n.intValue();
      }
    }
    return null;
  }
}
